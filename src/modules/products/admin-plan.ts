import { ApiError, type ErrorDetail } from '../../errors/index';
import type { Product, ProductUpdate, VariantInput } from './admin-schemas';

/*
 * What a create or update does to a product's options and variants, worked out before any
 * statement runs. Options are matched by name and their values by text, so kept values
 * keep their ids and a variant's key (its values' ids) stays the same. A variant is matched
 * by `id`, else by its option values: a matched variant keeps its id, which orders and
 * downloads point at.
 */

export type PlannedOption = {
  id: string;
  name: string;
  position: number;
  values: Array<{ id: string; value: string; position: number }>;
};

export type PlannedVariant = {
  /** The kept variant's id, or a new one. */
  id: string;
  existing: boolean;
  key: string;
  position: number;
  input: VariantInput;
  index: number;
};

export type VariantPlan = {
  options: PlannedOption[];
  variants: PlannedVariant[];
  /** Current variants the request leaves out. */
  removed: string[];
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Throws 422 VALIDATION_FAILED with `details` when there are any. */
export function refuse(details: ErrorDetail[]): void {
  if (details.length > 0) throw new ApiError('VALIDATION_FAILED', { details });
}

function planOptions(
  current: Product['options'],
  given: NonNullable<ProductUpdate['options']>,
): PlannedOption[] {
  const details: ErrorDetail[] = [];
  const planned = given.map((option, i) => {
    if (given.findIndex((other) => same(other.name, option.name)) !== i) {
      details.push({ field: `options.${i}.name`, message: 'Another option has this name.' });
    }
    const kept = current.find((c) => same(c.name, option.name));
    const values = option.values.map((value, j) => {
      if (option.values.indexOf(value) !== j) {
        details.push({ field: `options.${i}.values.${j}`, message: 'This value is listed twice.' });
      }
      const id = kept?.values.find((v) => v.value === value)?.id ?? crypto.randomUUID();
      return { id, value, position: j };
    });
    return { id: kept?.id ?? crypto.randomUUID(), name: option.name, position: i, values };
  });
  refuse(details);
  return planned;
}

/** The key of a variant's option values, or an error detail naming the value that fails. */
function keyOf(options: PlannedOption[], variant: VariantInput, i: number): string | ErrorDetail {
  if (variant.option_values.length !== options.length) {
    return {
      field: `variants.${i}.option_values`,
      message: `Give one value for each of the product's ${options.length} options, in order.`,
    };
  }
  const ids: string[] = [];
  for (const [j, option] of options.entries()) {
    const found = option.values.find((v) => v.value === variant.option_values[j]);
    if (!found) {
      return {
        field: `variants.${i}.option_values.${j}`,
        message: `Not a value of the option ${option.name}.`,
      };
    }
    ids.push(found.id);
  }
  return ids.join('-');
}

/** Matches the given variants to the current ones (by id, then by option values). */
function matchVariants(
  current: Product['variants'],
  given: VariantInput[],
  keys: string[],
): PlannedVariant[] {
  const details: ErrorDetail[] = [];
  const claimed = new Set<string>();
  const byId = given.map((variant, i) => {
    if (!variant.id) return undefined;
    const found = current.find((c) => c.id === variant.id);
    if (!found || claimed.has(found.id)) {
      details.push({
        field: `variants.${i}.id`,
        message: found ? 'This variant is listed twice.' : 'Not a variant of this product.',
      });
      return undefined;
    }
    claimed.add(found.id);
    return found.id;
  });
  refuse(details);
  return given.map((variant, i) => {
    const key = keys[i] ?? '';
    let id = byId[i];
    if (!id) {
      const found = current.find((c) => c.key === key && !claimed.has(c.id));
      if (found) claimed.add(found.id);
      id = found?.id;
    }
    return {
      id: id ?? crypto.randomUUID(),
      existing: id !== undefined,
      key,
      position: i,
      input: variant,
      index: i,
    };
  });
}

/**
 * The options and variants after the request, or null when it changes neither. Options
 * without variants, variants without options, values that are not the options', and
 * two variants with one combination are refused, each naming its field.
 */
export function planVariants(current: Product | null, input: ProductUpdate): VariantPlan | null {
  const currentOptions = current?.options ?? [];
  const currentVariants = current?.variants ?? [];
  if (input.options === undefined && input.variants === undefined) return null;
  if (input.options !== undefined && input.variants === undefined && currentVariants.length > 0) {
    refuse([{ field: 'variants', message: 'Changing options needs the variants too.' }]);
  }
  const options = input.options
    ? planOptions(currentOptions, input.options)
    : currentOptions.map((o, i) => ({
        ...o,
        position: i,
        values: o.values.map((v, j) => ({ ...v, position: j })),
      }));
  const given = input.variants ?? [];
  if (options.length === 0 && given.length > 0) {
    refuse([
      {
        field: 'variants',
        message: 'A product without options has no variants: its price and stock are its own.',
      },
    ]);
  }
  const keyed = given.map((variant, i) => keyOf(options, variant, i));
  refuse(keyed.filter((k): k is ErrorDetail => typeof k !== 'string'));
  const keys = keyed as string[];
  const twice = keys.findIndex((key, i) => keys.indexOf(key) !== i);
  if (twice >= 0) {
    throw new ApiError('VARIANT_COMBINATION_DUPLICATE', {
      details: [
        {
          field: `variants.${twice}.option_values`,
          message: `Variant ${keys.indexOf(keys[twice] ?? '')} has the same option values.`,
        },
      ],
    });
  }
  const variants = matchVariants(currentVariants, given, keys);
  refuse(
    variants.flatMap((v) =>
      !v.existing && v.input.price === undefined
        ? [{ field: `variants.${v.index}.price`, message: 'A new variant needs a price.' }]
        : [],
    ),
  );
  const kept = new Set(variants.map((v) => v.id));
  return {
    options,
    variants,
    removed: currentVariants.filter((v) => !kept.has(v.id)).map((v) => v.id),
  };
}

type Sale = {
  price?: number | null | undefined;
  sale_price?: number | null | undefined;
  sale_starts_at?: string | null | undefined;
  sale_ends_at?: string | null | undefined;
};

/** Problems of a sale: a sale price not below the price, a window ending before it starts. */
export function saleProblems(sale: Sale, prefix: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (
    typeof sale.sale_price === 'number' &&
    typeof sale.price === 'number' &&
    sale.sale_price >= sale.price
  ) {
    details.push({ field: `${prefix}sale_price`, message: 'A sale price is below the price.' });
  }
  if (
    sale.sale_starts_at &&
    sale.sale_ends_at &&
    Date.parse(sale.sale_ends_at) <= Date.parse(sale.sale_starts_at)
  ) {
    details.push({ field: `${prefix}sale_ends_at`, message: 'The sale ends after it starts.' });
  }
  return details;
}
