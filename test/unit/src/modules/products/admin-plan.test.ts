import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/errors';
import { planVariants } from '../../../../../src/modules/products/admin-plan';
import type { Product, ProductUpdate } from '../../../../../src/modules/products/admin-schemas';

const size = { name: 'Size', values: ['S', 'M'] };
const variant = (value: string, price = 1000) =>
  ({ option_values: [value], price }) as NonNullable<ProductUpdate['variants']>[number];

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('no refusal');
}

describe('variant planning', () => {
  it('changes nothing when the request names neither options nor variants', () => {
    expect(planVariants(null, { title: 'Lamp' })).toBeNull();
  });

  it('plans new options and one new variant per combination, in order', () => {
    const plan = planVariants(null, { options: [size], variants: [variant('S'), variant('M')] });
    expect(plan?.options.map((o) => [o.name, o.values.map((v) => v.value)])).toEqual([
      ['Size', ['S', 'M']],
    ]);
    expect(plan?.variants.map((v) => [v.existing, v.position, v.input.option_values])).toEqual([
      [false, 0, ['S']],
      [false, 1, ['M']],
    ]);
    expect(new Set(plan?.variants.map((v) => v.key)).size).toBe(2);
  });

  it('keeps a matched variant id when the options are sent again', () => {
    const first = planVariants(null, { options: [size], variants: [variant('S')] });
    const current = {
      options: first?.options,
      variants: first?.variants.map((v) => ({ id: v.id, key: v.key })),
    } as unknown as Product;
    const again = planVariants(current, { options: [size], variants: [variant('S', 1500)] });
    expect(again?.variants[0]).toMatchObject({ id: first?.variants[0]?.id, existing: true });
  });

  it('refuses two variants with one combination and variants without options, naming fields', () => {
    expect(
      refusal(() =>
        planVariants(null, { options: [size], variants: [variant('S'), variant('S')] }),
      ),
    ).toMatchObject({ code: 'VARIANT_COMBINATION_DUPLICATE' });
    const noOptions = refusal(() => planVariants(null, { variants: [variant('S')] }));
    expect(noOptions).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(noOptions.details?.[0]?.field).toBe('variants');
  });
});
