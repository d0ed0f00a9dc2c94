import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../shell';
import { Reviews } from './list';

export const reviewRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/reviews',
    staticData: { scope: 'reviews:read', label: 'Reviews' },
    component: Reviews,
  }),
] as const;
