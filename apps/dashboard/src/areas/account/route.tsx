import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../shell';
import { Account } from './account';

// Every member's own page: the navigation links it by the member's name, not a label.
export const accountRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/account',
    staticData: { scope: null },
    component: Account,
  }),
] as const;
