import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appRoute, later } from '../../shell';

// Loaded on first use: the screen stays out of the dashboard's first download.
const Marketing = later(lazy(() => import('./marketing').then((m) => ({ default: m.Marketing }))));

export const marketingRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/marketing',
    staticData: { scope: 'marketing:read', label: 'Marketing' },
    component: () => <Marketing />,
  }),
] as const;
