import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appRoute, later } from '../../shell';

// Loaded on first use: the screen stays out of the dashboard's first download.
const Settings = later(lazy(() => import('./settings').then((m) => ({ default: m.Settings }))));

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  staticData: { scope: 'settings:read', label: 'Settings' },
  component: () => <Settings slug="branding" />,
});
const settingsSectionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings/$section',
  staticData: { scope: 'settings:read' },
  component: function SettingsSection() {
    const { section } = settingsSectionRoute.useParams();
    return <Settings slug={section} />;
  },
});

export const settingsRoutes = [settingsRoute, settingsSectionRoute] as const;
