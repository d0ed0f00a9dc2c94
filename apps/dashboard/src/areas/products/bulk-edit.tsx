import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, type Schema, unwrap } from '../../api/client';
import { TableRegion } from '../../components/paged';
import { ConfirmDialog, ErrorNotice, Notice, SelectField, TextField } from '../../components/ui';
import { formatMoney, parseMajor } from '../../lib/money';
import { countOf } from '../../lib/text';
import { type FormErrors, stockOf } from './form';

type Body = Schema<'ProductBulkEdit'>;
type Result = Schema<'ProductBulkEditResult'>;
type PriceMode = 'keep' | 'set' | 'increase' | 'decrease';
type StockMode = 'keep' | 'set' | 'add' | 'remove';

const plural = (n: number) => countOf(n, 'product');

/** A percentage as typed ("10", "12.5"): more than 0, at most 1000, two decimals at most. */
function percentOf(text: string, errors: FormErrors): number {
  const trimmed = text.trim().replace(',', '.').replace(/%$/, '').trim();
  const value = Number(trimmed);
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed) || value <= 0 || value > 1000) {
    errors.price = 'Enter a percentage like 10 or 12.5';
  }
  return value;
}

/**
 * The bulk price and stock edit: the merchant picks how prices and stock change (each variant
 * from its own values), the API's dry run shows every variant before and after, and only then
 * is the same change applied, to exactly the versions that were shown.
 */
export function BulkEditDialog({
  open,
  ids,
  currency,
  onCancel,
  onDone,
}: {
  open: boolean;
  ids: string[];
  currency: string;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const [priceMode, setPriceMode] = useState<PriceMode>('keep');
  const [priceBy, setPriceBy] = useState<'amount' | 'percent'>('percent');
  const [price, setPrice] = useState('');
  const [stockMode, setStockMode] = useState<StockMode>('keep');
  const [stock, setStock] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [preview, setPreview] = useState<Result | null>(null);
  const [stale, setStale] = useState(false);

  const call = useMutation({
    mutationFn: (body: Body) => unwrap(api.POST('/products/bulk-edit', { body })),
    onSuccess: (result) => {
      if (result.dry_run) {
        setPreview(result);
        return;
      }
      setPreview(null);
      onDone(`${plural(result.products.length)} updated.`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        setPreview(null);
        setStale(true);
      }
    },
  });
  /** Any change of the form discards the preview: what is applied is what was shown. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
      setStale(false);
      call.reset();
    };

  const changeOf = (): Omit<Body, 'products'> | null => {
    const found: FormErrors = {};
    const change: Omit<Body, 'products'> = {};
    if (priceMode !== 'keep') {
      if (priceMode === 'set' || priceBy === 'amount') {
        const parsed = parseMajor(price, currency);
        if (parsed.ok) change.price = { change: priceMode, amount: parsed.minor };
        else found.price = parsed.message;
      } else {
        change.price = { change: priceMode, percent: percentOf(price, found) };
      }
    }
    if (stockMode !== 'keep') {
      const units = stockOf(stock, 'stock', found);
      change.stock =
        stockMode === 'set'
          ? { change: 'set', quantity: units }
          : { change: 'adjust', quantity: stockMode === 'remove' ? -units : units };
    }
    if (priceMode === 'keep' && stockMode === 'keep')
      found.price = 'Choose how prices, stock or both change';
    setErrors(found);
    return Object.keys(found).length === 0 ? change : null;
  };

  const submit = () => {
    setStale(false);
    if (preview) {
      const change = changeOf();
      if (!change) return;
      const products = preview.products.map((p) => ({ id: p.id, version: p.base_version }));
      call.mutate({ ...change, products });
      return;
    }
    const change = changeOf();
    if (change) call.mutate({ ...change, products: ids.map((id) => ({ id })), dry_run: true });
  };

  const error = call.error instanceof ApiError ? call.error : null;
  const priceLabel =
    priceMode === 'set'
      ? `New price (${currency})`
      : priceBy === 'percent'
        ? 'Percent'
        : `Amount (${currency})`;

  return (
    <ConfirmDialog
      open={open}
      title={`Edit price and stock of ${plural(ids.length)}`}
      confirmLabel={preview ? 'Apply' : 'Preview changes'}
      busy={call.isPending}
      onCancel={onCancel}
      onConfirm={submit}
    >
      <p>Each variant changes from its own price and stock. Check the preview, then apply.</p>
      <SelectField
        label="Price"
        value={priceMode}
        onChange={(e) => edit(setPriceMode)(e.target.value as PriceMode)}
      >
        <option value="keep">Keep prices</option>
        <option value="set">Set every price to</option>
        <option value="increase">Increase each price by</option>
        <option value="decrease">Decrease each price by</option>
      </SelectField>
      {priceMode === 'increase' || priceMode === 'decrease' ? (
        <SelectField
          label="Change by"
          value={priceBy}
          onChange={(e) => edit(setPriceBy)(e.target.value as 'amount' | 'percent')}
        >
          <option value="percent">A percentage of each price</option>
          <option value="amount">An amount ({currency})</option>
        </SelectField>
      ) : null}
      {priceMode !== 'keep' ? (
        <TextField
          label={priceLabel}
          inputMode="decimal"
          value={price}
          onChange={(e) => edit(setPrice)(e.target.value)}
          error={errors.price}
        />
      ) : null}
      <SelectField
        label="Stock"
        value={stockMode}
        onChange={(e) => edit(setStockMode)(e.target.value as StockMode)}
      >
        <option value="keep">Keep stock</option>
        <option value="set">Set every stock to</option>
        <option value="add">Add to each stock</option>
        <option value="remove">Remove from each stock</option>
      </SelectField>
      {stockMode !== 'keep' ? (
        <TextField
          label="Units"
          inputMode="numeric"
          value={stock}
          onChange={(e) => edit(setStock)(e.target.value)}
          error={errors.stock}
        />
      ) : null}
      {preview ? <BeforeAfter result={preview} currency={currency} /> : null}
      {stale ? (
        <Notice tone="warning">
          A product changed since the preview. Preview again to see its current prices and stock.
        </Notice>
      ) : error ? (
        <RefusedNotice error={error} />
      ) : (
        <ErrorNotice error={call.error} />
      )}
    </ConfirmDialog>
  );
}

/** The API's refusal with each product and variant it names. */
function RefusedNotice({ error }: { error: ApiError }) {
  return (
    <Notice tone="error">
      {error.message}
      {error.details.length > 0 ? (
        <ul>
          {error.details.map((d) => (
            <li key={d.field}>{d.message}</li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}

/** Every variant the change touches, before and after, as the API's dry run computed it. */
function BeforeAfter({ result, currency }: { result: Result; currency: string }) {
  const money = (n: number | null) => formatMoney(n, currency);
  const sale = result.products.some((p) => p.rows.some((r) => r.sale_price.before !== null));
  return (
    <TableRegion label="Before and after">
      <table>
        <caption>Before and after</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Variant</th>
            <th scope="col">Price</th>
            {sale ? <th scope="col">Sale price</th> : null}
            <th scope="col">Stock</th>
          </tr>
        </thead>
        <tbody>
          {result.products.flatMap((p) =>
            p.rows.map((r) => (
              <tr key={`${p.id}-${r.variant_id ?? ''}`}>
                <td>{p.title}</td>
                <td>{r.variant_id === null ? '—' : r.title}</td>
                <td>
                  {money(r.price.before)} → {money(r.price.after)}
                </td>
                {sale ? (
                  <td>
                    {money(r.sale_price.before)} → {money(r.sale_price.after)}
                  </td>
                ) : null}
                <td>
                  {r.stock.before} → {r.stock.after}
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </TableRegion>
  );
}
