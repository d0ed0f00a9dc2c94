import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  draftOf,
  emptyDraft,
  generateVariants,
} from '../../../../apps/dashboard/src/areas/products/form';
import {
  currencyDigits,
  formatMoney,
  parseMajor,
  toMajorInput,
} from '../../../../apps/dashboard/src/lib/money';
import { rebase } from '../../../../apps/dashboard/src/lib/rebase';

describe('dashboard money: major units on screen, minor units to the API', () => {
  it('knows each currency’s minor digits', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('parses what a merchant types without floating-point drift', () => {
    expect(parseMajor('28', 'EUR')).toEqual({ ok: true, minor: 2800 });
    expect(parseMajor('28.00', 'EUR')).toEqual({ ok: true, minor: 2800 });
    expect(parseMajor('28.5', 'EUR')).toEqual({ ok: true, minor: 2850 });
    expect(parseMajor('28,50', 'EUR')).toEqual({ ok: true, minor: 2850 });
    expect(parseMajor(' 1 234.56 ', 'EUR')).toEqual({ ok: true, minor: 123456 });
    expect(parseMajor('0.29', 'EUR')).toEqual({ ok: true, minor: 29 });
    expect(parseMajor('1.005', 'KWD')).toEqual({ ok: true, minor: 1005 });
    expect(parseMajor('500', 'JPY')).toEqual({ ok: true, minor: 500 });
  });

  it('refuses what is not an amount, with a message', () => {
    expect(parseMajor('', 'EUR')).toMatchObject({ ok: false, message: 'Enter an amount' });
    expect(parseMajor('-3', 'EUR')).toMatchObject({ ok: false, message: /negative/ });
    expect(parseMajor('12.345', 'EUR')).toMatchObject({ ok: false, message: 'At most 2 decimals' });
    expect(parseMajor('5.5', 'JPY')).toMatchObject({ ok: false, message: 'JPY has no decimals' });
    expect(parseMajor('1e3', 'EUR')).toMatchObject({ ok: false });
    expect(parseMajor('€28', 'EUR')).toMatchObject({ ok: false });
    expect(parseMajor('10000000.01', 'EUR')).toMatchObject({ ok: false, message: /too large/ });
  });

  it('shows minor units as major units, both ways round', () => {
    expect(toMajorInput(2800, 'EUR')).toBe('28.00');
    expect(toMajorInput(5, 'EUR')).toBe('0.05');
    expect(toMajorInput(500, 'JPY')).toBe('500');
    expect(toMajorInput(null, 'EUR')).toBe('');
    for (const minor of [0, 1, 29, 999, 2800, 123456789]) {
      expect(parseMajor(toMajorInput(minor, 'EUR'), 'EUR')).toEqual({ ok: true, minor });
    }
    expect(formatMoney(2800, 'EUR', 'en-IE')).toBe('€28.00');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
  });
});

describe('the product form', () => {
  it('sends prices in minor units and stock as integers', () => {
    const draft = {
      ...emptyDraft(),
      title: 'Linen shirt',
      price: '28.00',
      sale_price: '19.5',
      stock: '7',
    };
    const { body, errors } = bodyOf(draft, 'EUR');
    expect(errors).toEqual({});
    expect(body).toMatchObject({ title: 'Linen shirt', price: 2800, sale_price: 1950, stock: 7 });
    expect(body.options).toBeUndefined();
  });

  it('names the field of each mistake, variants included', () => {
    const draft = {
      ...emptyDraft(),
      title: ' ',
      price: '28.001',
      options: [{ name: 'Size', values: 'S, M' }],
      variants: [
        { option_values: ['S'], sku: '', price: 'ten', sale_price: '', stock: '1' },
        { option_values: ['M'], sku: '', price: '10', sale_price: '', stock: '-1' },
      ],
    };
    expect(bodyOf(draft, 'EUR').errors).toEqual({
      title: 'Enter a title',
      price: 'At most 2 decimals',
      'variants.0.price': 'Enter an amount like 28.00',
      'variants.1.stock': 'Enter a whole number of units',
    });
  });

  it('generates every combination of option values, keeping what was typed', () => {
    const draft = {
      ...emptyDraft(),
      price: '20.00',
      options: [
        { name: 'Size', values: 'S, M' },
        { name: 'Colour', values: 'Red,Blue' },
      ],
      variants: [
        { option_values: ['M', 'Blue'], sku: 'MB', price: '25.00', sale_price: '', stock: '3' },
      ],
    };
    const variants = generateVariants(draft);
    expect(variants.map((v) => v.option_values.join('/'))).toEqual([
      'S/Red',
      'S/Blue',
      'M/Red',
      'M/Blue',
    ]);
    expect(variants[0]).toMatchObject({ price: '20.00', stock: '0' });
    expect(variants[3]).toMatchObject({ sku: 'MB', price: '25.00', stock: '3' });
    const { body } = bodyOf({ ...draft, title: 'T', variants }, 'EUR');
    expect(body.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
    expect(body.variants?.map((v) => v.price)).toEqual([2000, 2000, 2000, 2500]);
  });

  it('after a conflict, keeps the merchant’s edits over the latest record', () => {
    const opened = { ...emptyDraft(), title: 'Old', description: 'old text', price: '10.00' };
    const typed = { ...opened, price: '12.00' };
    const latest = { ...opened, title: 'Renamed elsewhere', description: 'new text' };
    expect(rebase(opened, typed, latest)).toEqual({ ...latest, price: '12.00' });
  });

  it('reads a product into major units', () => {
    const draft = draftOf(
      {
        title: 'A',
        slug: 'a',
        description: '',
        status: 'published',
        tags: ['summer', 'linen'],
        sku: '',
        price: 2800,
        sale_price: null,
        sale_starts_at: null,
        sale_ends_at: null,
        track_stock: true,
        stock: 4,
        category_ids: [],
        media: [],
        options: [],
        variants: [],
      } as unknown as Parameters<typeof draftOf>[0],
      'EUR',
    );
    expect(draft).toMatchObject({
      price: '28.00',
      sale_price: '',
      stock: '4',
      tags: 'summer, linen',
    });
    // The tags box is comma-separated; empty pieces are left out.
    const { body } = bodyOf({ ...draft, tags: ' summer ,, beach wear, ' }, 'EUR');
    expect(body.tags).toEqual(['summer', 'beach wear']);
  });
});
