import { assertFresh } from '../../admin-kit/concurrency';
import type { WriteScope } from '../../admin-kit/write';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors/index';
import type {
  BulkEditInput,
  BulkEditResult,
  BulkEditRow,
  BulkPriceChange,
  BulkStockChange,
} from './admin-bulk-schemas';
import { refuse, saleProblems } from './admin-plan';
import { MAX_STOCK, type Product, type ProductUpdate } from './admin-schemas';
import { applyUpdate, lockCurrent } from './admin-service';

/*
 * Bulk price and stock edits: each variant (or a product without variants) moves from its
 * own values, never to one value for all. The change is worked out for every product
 * first; one refusal refuses the whole request; then each product goes through the same
 * update a single edit does (its rules, version, audit record and webhook).
 */

export const BULK_RAISES = [
  'PRODUCT_NOT_FOUND',
  'BULK_PRICE_BELOW_ZERO',
  'BULK_STOCK_BELOW_ZERO',
] as const satisfies readonly ErrorCode[];

const MAX_PRICE = 1_000_000_000;

/** `percent` % of `amount` in whole minor units, rounded half away from zero. */
export function percentOf(amount: number, percent: number): number {
  const scaled = amount * Math.round(percent * 100); // in hundredths of a percent
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) * 2 + 10_000) / 20_000);
}

/** A price after a bulk change; null (not for sale) stays null unless the change sets it. */
export function priceAfter(price: number | null, change: BulkPriceChange): number | null {
  if (change.change === 'set') return change.amount ?? price;
  if (price === null) return null;
  const delta = change.amount ?? percentOf(price, change.percent ?? 0);
  return change.change === 'increase' ? price + delta : price - delta;
}

/** Units on hand after a bulk change. */
export const stockAfter = (stock: number, change: BulkStockChange): number =>
  change.change === 'set' ? change.quantity : stock + change.quantity;

/** A set names an amount; an increase or decrease names an amount or a percent, not both. */
function checkRequest(input: BulkEditInput) {
  const details: ErrorDetail[] = [];
  const price = input.price;
  if (!price && !input.stock) {
    details.push({ field: 'price', message: 'Give a price change, a stock change, or both.' });
  }
  if (price?.change === 'set' && (price.amount === undefined || price.percent !== undefined)) {
    details.push({ field: 'price.amount', message: 'Setting a price takes `amount` only.' });
  }
  if (
    price &&
    price.change !== 'set' &&
    (price.amount === undefined) === (price.percent === undefined)
  ) {
    details.push({ field: 'price', message: 'Give either `amount` or `percent`.' });
  }
  if (input.stock?.change === 'set' && input.stock.quantity < 0) {
    details.push({ field: 'stock.quantity', message: 'Units on hand are never below zero.' });
  }
  input.products.forEach((p, i) => {
    if (input.products.findIndex((other) => other.id === p.id) !== i) {
      details.push({ field: `products.${i}.id`, message: 'This product is listed twice.' });
    }
  });
  refuse(details);
}

type Sellable = { price: number | null; sale_price: number | null; stock: number };

/** What one variant (or product) becomes, before anything is written. */
function rowOf(input: BulkEditInput, variantId: string | null, title: string, was: Sellable) {
  const price = input.price;
  return {
    variant_id: variantId,
    title,
    price: { before: was.price, after: price ? priceAfter(was.price, price) : was.price },
    sale_price: {
      before: was.sale_price,
      // A relative change moves a sale price with its price; a set price keeps the sale price.
      after: price && price.change !== 'set' ? priceAfter(was.sale_price, price) : was.sale_price,
    },
    stock: {
      before: was.stock,
      after: input.stock ? stockAfter(was.stock, input.stock) : was.stock,
    },
  } satisfies BulkEditRow;
}

const rowsOf = (input: BulkEditInput, p: Product): BulkEditRow[] =>
  p.variants.length === 0
    ? [rowOf(input, null, p.title, p)]
    : p.variants.map((v) => rowOf(input, v.id, v.option_values.join(' / '), v));

/** Every problem of the planned rows, by code; the first code with any refuses the request. */
function problemsOf(planned: Array<{ product: Product; rows: BulkEditRow[] }>) {
  const below: ErrorDetail[] = [];
  const empty: ErrorDetail[] = [];
  const invalid: ErrorDetail[] = [];
  planned.forEach(({ product, rows }, i) => {
    rows.forEach((row, j) => {
      const prefix = row.variant_id === null ? `products.${i}.` : `products.${i}.variants.${j}.`;
      const name = row.variant_id === null ? product.title : `${product.title} (${row.title})`;
      for (const field of ['price', 'sale_price'] as const) {
        const after = row[field].after;
        if (after !== null && after < 0) {
          below.push({
            field: `${prefix}${field}`,
            message: `${name}: ${row[field].before} would become ${after}.`,
          });
        }
        if (after !== null && after > MAX_PRICE) {
          invalid.push({ field: `${prefix}${field}`, message: `${name}: at most ${MAX_PRICE}.` });
        }
      }
      if (row.stock.after < 0) {
        empty.push({
          field: `${prefix}stock`,
          message: `${name}: ${row.stock.before} on hand would become ${row.stock.after}.`,
        });
      }
      if (row.stock.after > MAX_STOCK) {
        invalid.push({ field: `${prefix}stock`, message: `${name}: at most ${MAX_STOCK}.` });
      }
      invalid.push(
        ...saleProblems({ price: row.price.after, sale_price: row.sale_price.after }, prefix).map(
          (d) => ({ ...d, message: `${name}: ${d.message}` }),
        ),
      );
    });
  });
  if (below.length > 0) throw new ApiError('BULK_PRICE_BELOW_ZERO', { details: below });
  if (empty.length > 0) throw new ApiError('BULK_STOCK_BELOW_ZERO', { details: empty });
  refuse(invalid);
}

/** The update a single edit would send: every variant kept, its new price and stock given. */
function updateOf(input: BulkEditInput, product: Product, rows: BulkEditRow[]): ProductUpdate {
  const stock = (row: BulkEditRow) => (input.stock ? { stock: row.stock.after } : {});
  const [own] = rows;
  if (product.variants.length === 0) {
    if (!own) return {};
    const price = input.price ? { price: own.price.after, sale_price: own.sale_price.after } : {};
    return { ...price, ...stock(own) };
  }
  return {
    variants: product.variants.map((v, j) => {
      const row = rows[j];
      if (!row) return { id: v.id, option_values: v.option_values };
      const price =
        input.price && row.price.after !== null
          ? { price: row.price.after, sale_price: row.sale_price.after }
          : {};
      return { id: v.id, option_values: v.option_values, ...price, ...stock(row) };
    }),
  };
}

/** A scope for one product: its own expected version, and stock written only while unmoved. */
function scopeFor(w: WriteScope, version: number | undefined, stock: boolean): WriteScope {
  return {
    ...w,
    expectVersion: (current) =>
      assertFresh(version === undefined ? null : [String(version)], current),
    versioned: stock || version !== undefined,
  };
}

/**
 * POST /products/bulk-edit: one price and/or stock change over up to 100 products, each
 * variant from its own values, in the write's transaction (a dry run is rolled back by
 * the caller). Another shop's product is 404 naming it, nothing written.
 */
export async function bulkEdit(w: WriteScope, input: BulkEditInput): Promise<BulkEditResult> {
  checkRequest(input);
  // Locked in id order, so two bulk edits over the same products never deadlock.
  const order = input.products.map((p, i) => ({ ...p, i })).sort((a, b) => (a.id < b.id ? -1 : 1));
  const locked = new Map<number, { product: Product; scope: WriteScope }>();
  for (const item of order) {
    const scope = scopeFor(w, item.version, input.stock !== undefined);
    try {
      locked.set(item.i, { product: await lockCurrent(scope, item.id), scope });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PRODUCT_NOT_FOUND') {
        throw new ApiError('PRODUCT_NOT_FOUND', {
          details: [
            { field: `products.${item.i}.id`, message: `No product ${item.id} in this shop.` },
          ],
        });
      }
      throw error;
    }
  }
  const planned = input.products.map((_, i) => {
    const entry = locked.get(i);
    if (!entry) throw new Error('a listed product was not locked');
    return { ...entry, rows: rowsOf(input, entry.product) };
  });
  problemsOf(planned);
  const products: BulkEditResult['products'] = [];
  for (const { product, scope, rows } of planned) {
    const result = await applyUpdate(scope, product, updateOf(input, product, rows));
    products.push({
      id: product.id,
      title: product.title,
      base_version: product.version,
      version: result.product.version,
      rows: rows.map((row) => {
        const written =
          row.variant_id === null
            ? result.product
            : result.product.variants.find((v) => v.id === row.variant_id);
        return written
          ? {
              ...row,
              price: { before: row.price.before, after: written.price },
              sale_price: { before: row.sale_price.before, after: written.sale_price },
              stock: { before: row.stock.before, after: written.stock },
            }
          : row;
      }),
    });
  }
  return { object: 'product_bulk_edit', dry_run: input.dry_run ?? false, products };
}
