import { mount, readRoute, updateRoute } from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  MerchantSettingsSchema,
  SettingsPatchSchema,
  SettingsSectionParamSchema,
} from './admin-schemas';
import { ADMIN_RAISES, getMerchantSettings, updateSettingsSection } from './admin-service';

const tag = 'Settings';

const read = readRoute({
  path: '/',
  tag,
  scope: 'settings:read',
  operationId: 'getMerchantSettings',
  description:
    'Reads the whole settings document, every field filled with its default, with its ETag (0 before the first change).',
  summary: 'The settings document behind the storefront’s GET /settings',
  schema: MerchantSettingsSchema,
  answers: 'The settings',
  get: ({ db, shop }) => getMerchantSettings(db, shop),
});

const update = updateRoute({
  path: '/{section}',
  tag,
  scope: 'settings:write',
  operationId: 'updateSettingsSection',
  description:
    'Changes one section. For an object section, the fields given replace the current ones (the others are kept; a nested object or list is replaced whole) and the section is validated by its schema, naming each field in error. `footer` and `pages` are lists, replaced by the list given. An unknown section is `SETTINGS_SECTION_NOT_FOUND`.',
  summary: 'Changes one section of the settings; the storefront shows it from the next request',
  request: { params: SettingsSectionParamSchema, body: jsonBody(SettingsPatchSchema) },
  fieldCodes: [['section', 'SETTINGS_SECTION_NOT_FOUND']],
  schema: MerchantSettingsSchema,
  answers: 'The settings',
  raises: ADMIN_RAISES.updateSettingsSection,
  update: (w, { params, body }) => updateSettingsSection(w, params.section, body),
});

/** /admin/api/v1/settings: the shop's settings document, one section at a time. */
export const settingsAdminRoutes = createRouter();

mount(settingsAdminRoutes, read, update);
