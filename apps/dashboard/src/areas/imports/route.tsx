import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appRoute, later } from '../../shell';

// Loaded on first use: the screen stays out of the dashboard's first download.
const Imports = later(lazy(() => import('./imports').then((m) => ({ default: m.Imports }))));

export const importRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/imports',
    staticData: { scope: 'catalogue:read', label: 'Imports' },
    component: () => <Imports />,
  }),
] as const;
