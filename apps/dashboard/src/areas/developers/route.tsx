import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appRoute, later } from '../../shell';

// Loaded on first use: the screen stays out of the dashboard's first download.
const Developers = later(
  lazy(() => import('./developers').then((m) => ({ default: m.Developers }))),
);

export const developerRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/developers',
    staticData: { scope: 'admin', label: 'Developers' },
    component: () => <Developers />,
  }),
] as const;
