import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appRoute, later } from '../../shell';

// Loaded on first use: the screen stays out of the dashboard's first download.
const Staff = later(lazy(() => import('./staff').then((m) => ({ default: m.Staff }))));

export const staffRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/staff',
    staticData: { scope: 'staff:read', label: 'Staff' },
    component: () => <Staff />,
  }),
] as const;
