import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { api, type Paths, type Schema, unwrap } from '../../api/client';
import { RecordForm, type Saved } from '../../components/forms';
import { useMe } from '../../components/layout';
import { type ResourceConfig, ResourceList } from '../../components/resource';
import { ErrorNotice, Loading } from '../../components/ui';
import type { Row } from '../../lib/fields';
import { formatMoney } from '../../lib/money';
import { can } from '../../lib/scopes';
import { meQuery } from '../../lib/session';
import { NewsletterCap } from '../marketing/newsletter-cap';
import { PREVIEWS } from './previews';
import { settingsKeys } from './queries';
import { SETTINGS_SCREENS, type SettingsScreen } from './sections';

type MerchantSettings = Schema<'MerchantSettings'> & Record<string, unknown>;
type Section = Paths['/settings/{section}']['patch']['parameters']['path']['section'];

export const settingsQuery = {
  queryKey: settingsKeys.document(),
  queryFn: () => unwrap(api.GET('/settings')) as Promise<MerchantSettings>,
};

const yes = (v: unknown) => (v ? 'Yes' : 'No');

const SHIPPING_RATES: ResourceConfig = {
  path: '/shipping-rates',
  singular: 'shipping rate',
  plural: 'shipping rates',
  level: 2,
  writeScope: 'settings:write',
  removable: true,
  defaults: { active: true, position: 0 },
  name: (r) => String(r.title),
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'text' },
    { name: 'amount', label: 'Price', kind: 'money' },
    {
      name: 'min_order_amount',
      label: 'Only for orders from',
      kind: 'money',
      optional: true,
      hint: 'Leave empty for every order',
    },
    { name: 'position', label: 'Position', kind: 'int', min: 0 },
    { name: 'is_default', label: 'Chosen by default', kind: 'bool' },
    { name: 'active', label: 'Offered at checkout', kind: 'bool' },
  ],
  columns: [
    { label: 'Title', value: (r) => String(r.title) },
    { label: 'Price', value: (r, cur) => formatMoney(r.amount as number, cur) },
    { label: 'Default', value: (r) => yes(r.is_default) },
    { label: 'Offered', value: (r) => yes(r.active) },
  ],
};

const PICKUP_LOCATIONS: ResourceConfig = {
  path: '/pickup-locations',
  singular: 'pickup location',
  plural: 'pickup locations',
  level: 2,
  writeScope: 'settings:write',
  removable: true,
  defaults: { active: true, position: 0, fee_amount: 0 },
  name: (r) => String(r.name),
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'building_name', label: 'Building', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'fee_amount', label: 'Fee', kind: 'money' },
    { name: 'opening_hours', label: 'Opening hours', kind: 'text' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'map_url', label: 'Map address', kind: 'url' },
    { name: 'lat', label: 'Latitude', kind: 'number', optional: true, min: -90, max: 90 },
    { name: 'lng', label: 'Longitude', kind: 'number', optional: true, min: -180, max: 180 },
    { name: 'image_id', label: 'Photo', kind: 'image' },
    { name: 'position', label: 'Position', kind: 'int', min: 0 },
    { name: 'active', label: 'Offered at checkout', kind: 'bool' },
  ],
  columns: [
    { label: 'Name', value: (r) => String(r.name) },
    { label: 'Fee', value: (r, cur) => formatMoney(r.fee_amount as number, cur) },
    { label: 'Opening hours', value: (r) => String(r.opening_hours) },
    { label: 'Offered', value: (r) => yes(r.active) },
  ],
};

/** One section's form over the settings as loaded; saving refreshes every section's copy. */
function SectionForm({ screen, settings }: { screen: SettingsScreen; settings: MerchantSettings }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const router = useRouter();
  const recordOf = (s: MerchantSettings): Saved => ({
    record: screen.list
      ? { items: screen.list.toRows(s[screen.section]) }
      : (s[screen.section] as Row),
    version: s.version,
  });
  const opened = recordOf(settings);
  return (
    <RecordForm
      fields={screen.fieldsOf ? screen.fieldsOf(settings) : screen.fields}
      record={opened.record}
      version={opened.version}
      currency={me.shop.currency}
      patch={!screen.list}
      disabled={!can(me.scopes, 'settings:write')}
      preview={PREVIEWS[screen.slug]}
      submitLabel="Save"
      savedMessage={`${screen.title} saved. The storefront shows it from now on.`}
      save={async (body, headers) => {
        const patch = screen.list ? screen.list.fromRows(body.items as Row[]) : body;
        const saved = (await unwrap(
          api.PATCH('/settings/{section}', {
            params: { path: { section: screen.section as Section } },
            body: patch as Schema<'SettingsSectionPatch'>,
            headers,
          }),
        )) as MerchantSettings;
        queryClient.setQueryData(settingsQuery.queryKey, saved);
        // The shop's name is in the header, from GET /me as the signed-in frame loaded it.
        if (screen.section === 'shop') {
          await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
          await router.invalidate();
        }
        return recordOf(saved);
      }}
      latest={async () =>
        recordOf(await queryClient.fetchQuery({ ...settingsQuery, staleTime: 0 }))
      }
    />
  );
}

/** The storefront's settings, one section at a time, with shipping rates and pickup points. */
export function Settings({ slug }: { slug: string }) {
  const me = useMe();
  const screen = SETTINGS_SCREENS.find((s) => s.slug === slug) ?? SETTINGS_SCREENS[0];
  // The form keeps its own copy once opened: a background refetch must not reset what is typed.
  const settings = useQuery({ ...settingsQuery, staleTime: Number.POSITIVE_INFINITY });
  if (!screen) return null;
  return (
    <>
      <h1>Settings</h1>
      <div className="with-side">
        <nav aria-label="Settings sections" className="side-nav">
          <ul>
            {SETTINGS_SCREENS.map((s) => (
              <li key={s.slug}>
                <Link
                  to="/settings/$section"
                  params={{ section: s.slug }}
                  aria-current={s.slug === screen.slug ? 'page' : undefined}
                >
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <section aria-labelledby="section-title" className="card">
            <h2 id="section-title">{screen.title}</h2>
            <p className="muted">{screen.intro}</p>
            {settings.isPending ? <Loading what="the settings" /> : null}
            <ErrorNotice error={settings.error} />
            {settings.data ? (
              <SectionForm key={screen.slug} screen={screen} settings={settings.data} />
            ) : null}
          </section>
          {screen.slug === 'shipping' ? (
            <>
              <ResourceList config={SHIPPING_RATES} />
              <ResourceList config={PICKUP_LOCATIONS} />
            </>
          ) : null}
          {screen.slug === 'newsletter' && can(me.scopes, 'marketing:read') ? (
            <NewsletterCap />
          ) : null}
        </div>
      </div>
    </>
  );
}
