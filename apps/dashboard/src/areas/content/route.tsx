import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appRoute, later } from '../../shell';

// Loaded on first use: the screen stays out of the dashboard's first download.
const Content = later(lazy(() => import('./content').then((m) => ({ default: m.Content }))));

export const contentRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/content',
    staticData: { scope: 'content:read', label: 'Content' },
    component: () => <Content />,
  }),
] as const;
