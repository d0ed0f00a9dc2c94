import type { ErrorDetail } from '../../errors';
import type { PricedLine } from './service';

/** What one tracked product or variant of a cart needs from stock. */
export type StockNeed = { kind: 'product' | 'variant'; id: string; quantity: number };

/** The product or variant whose stock a line draws on. */
export const stockKeyOf = (line: PricedLine) => line.variantId ?? line.productId;

/** Units each tracked product or variant needs, lines of the same one added up. */
export function stockNeeds(lines: PricedLine[]): Map<string, StockNeed> {
  const needs = new Map<string, StockNeed>();
  for (const line of lines.filter((l) => l.trackStock)) {
    const id = stockKeyOf(line);
    const need = needs.get(id) ?? { kind: line.variantId ? 'variant' : 'product', id, quantity: 0 };
    need.quantity += line.quantity;
    needs.set(id, need);
  }
  return needs;
}

/** Details naming each cart item whose product or variant cannot be served from stock. */
export const shortageDetails = (lines: PricedLine[], short: (line: PricedLine) => boolean) =>
  lines
    .filter((line) => line.trackStock && short(line))
    .map((line) => ({ field: `cart.${line.index}.quantity`, message: 'Not enough stock.' }));

/** Stock problems seen when pricing: tracked items needing more than is on hand now. */
export function stockShortages(lines: PricedLine[]): ErrorDetail[] {
  const needs = stockNeeds(lines);
  return shortageDetails(
    lines,
    (line) => (needs.get(stockKeyOf(line))?.quantity ?? 0) > line.stock,
  );
}
