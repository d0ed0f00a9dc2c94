import { describe, expect, it } from 'vitest';
import { entryBody, entryRecord } from '../../../../apps/dashboard/src/areas/content/entry-fields';
import { SETTINGS_SCREENS } from '../../../../apps/dashboard/src/areas/settings/sections';
import { bodyOf, draftOf, type Field } from '../../../../apps/dashboard/src/lib/fields';
import { rebase } from '../../../../apps/dashboard/src/lib/rebase';
import { SettingsDocumentSchema } from '../../../../src/modules/settings/document';
import { ShopSectionSchema } from '../../../../src/modules/settings/shop-section';

const RATE: Field[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'amount', label: 'Price', kind: 'money' },
  { name: 'min_order_amount', label: 'From', kind: 'money', optional: true },
  { name: 'position', label: 'Position', kind: 'int', min: 0 },
  { name: 'active', label: 'Active', kind: 'bool' },
  { name: 'starts_at', label: 'From', kind: 'datetime' },
  { name: 'keywords', label: 'Keywords', kind: 'list' },
  {
    name: 'role',
    label: 'Role',
    kind: 'select',
    options: [{ value: 'a', label: 'A' }],
    placeholder: 'Choose…',
    required: true,
  },
];

describe('dashboard forms from fields', () => {
  it('shows amounts in major units and sends them in minor units', () => {
    const record = {
      title: 'Courier',
      amount: 450,
      min_order_amount: null,
      position: 2,
      active: true,
      starts_at: null,
      keywords: ['a', 'b'],
      role: 'a',
    };
    const draft = draftOf(RATE, record, 'EUR');
    expect(draft).toMatchObject({ amount: '4.50', min_order_amount: '', position: '2' });
    expect(draft.keywords).toBe('a, b');
    const { body, errors } = bodyOf(RATE, { ...draft, amount: '28' }, 'EUR');
    expect(errors).toEqual({});
    expect(body).toMatchObject({ amount: 2800, min_order_amount: null, position: 2 });
    expect(body.keywords).toEqual(['a', 'b']);
    // JPY has no minor digits: 500 is ¥500 both ways.
    expect(bodyOf(RATE, { ...draft, amount: '500' }, 'JPY').body.amount).toBe(500);
  });

  it('names each field it refuses, and chooses no option for the merchant', () => {
    const draft = draftOf(RATE, undefined, 'EUR');
    expect(draft.role).toBe('');
    const { errors } = bodyOf(
      RATE,
      { ...draft, amount: '4.505', position: '-1', title: ' ' },
      'EUR',
    );
    expect(errors).toEqual({
      title: 'Enter title',
      amount: 'At most 2 decimals',
      position: 'At least 0',
      role: 'Choose role',
    });
  });

  it('sends only what changed since the form opened, when asked', () => {
    const opened = draftOf(RATE, { title: 'A', amount: 100, role: 'a' }, 'EUR');
    const { body } = bodyOf(RATE, { ...opened, amount: '2.00' }, 'EUR', opened);
    expect(body).toEqual({ amount: 200 });
  });

  it('after a 412 keeps what was typed on top of the latest record', () => {
    const opened = { a: '1', b: '1' };
    expect(rebase(opened, { a: '2', b: '1' }, { a: '1', b: '3' })).toEqual({ a: '2', b: '3' });
  });

  it('every settings screen edits fields its section has', () => {
    const defaults = {
      ...SettingsDocumentSchema.parse({}),
      shop: ShopSectionSchema.shape,
    } as Record<string, unknown>;
    for (const screen of SETTINGS_SCREENS) {
      const section = defaults[screen.section];
      expect(section, screen.slug).toBeDefined();
      if (screen.list) continue;
      for (const field of screen.fields) {
        expect(Object.keys(section as object), `${screen.slug}.${field.name}`).toContain(
          field.name,
        );
      }
    }
  });

  it('turns footer rows back into columns of links', () => {
    const footer = SETTINGS_SCREENS.find((s) => s.section === 'footer')?.list;
    const columns = [
      {
        title: 'Shop',
        links: [
          { title: 'New', link: '/new' },
          { title: 'Sale', link: '/sale' },
        ],
      },
      { title: 'Help', links: [] },
    ];
    expect(footer?.fromRows(footer.toRows(columns))).toEqual(columns);
  });

  it('edits a content entry’s data under data.<field>, parsing JSON', () => {
    const model = {
      fields: [
        { name: 'headline', type: 'text', required: true },
        { name: 'extra', type: 'json', required: false },
      ],
    } as Parameters<typeof entryRecord>[0];
    const record = entryRecord(model, { status: 'draft', data: { headline: 'Hi', extra: [1] } });
    expect(record).toMatchObject({ status: 'draft', 'data.headline': 'Hi' });
    expect(
      entryBody(model, { status: 'published', 'data.headline': 'Hi', 'data.extra': '{"a":1}' }),
    ).toEqual({
      body: { status: 'published', data: { headline: 'Hi', extra: { a: 1 } } },
      details: [],
    });
    expect(entryBody(model, { 'data.extra': '{' }).details).toEqual([
      { field: 'data.extra', message: 'Not valid JSON' },
    ]);
  });
});
