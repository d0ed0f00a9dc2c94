import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../shell';
import { Home } from './home';

export const homeRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/',
    staticData: { scope: null, label: 'Home' },
    component: Home,
  }),
] as const;
