/** A product's options (up to three) and the variant matrix generated from their values. */

import { TableRegion } from '../../components/paged';
import { TextField } from '../../components/ui';
import { type FormErrors, generateVariants, type ProductDraft } from './form';

export type SetField = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => void;

export function Options({
  draft,
  set,
  errors,
  currency,
}: {
  draft: ProductDraft;
  set: SetField;
  errors: FormErrors;
  currency: string;
}) {
  const setOption = (i: number, patch: Partial<ProductDraft['options'][number]>) =>
    set(
      'options',
      draft.options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
    );
  const setVariant = (i: number, patch: Partial<ProductDraft['variants'][number]>) =>
    set(
      'variants',
      draft.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)),
    );
  return (
    <section aria-labelledby="variants">
      <h2 id="variants">Options and variants</h2>
      {draft.options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, by position
        <fieldset key={i} className="option">
          <legend>Option {i + 1}</legend>
          <TextField
            label={`Option ${i + 1} name`}
            placeholder="Size"
            value={o.name}
            onChange={(e) => setOption(i, { name: e.target.value })}
            error={errors[`options.${i}.name`]}
          />
          <TextField
            label={`Option ${i + 1} values`}
            hint="Separated by commas, e.g. S, M, L"
            value={o.values}
            onChange={(e) => setOption(i, { values: e.target.value })}
            error={errors[`options.${i}.values`]}
          />
          <button
            type="button"
            onClick={() =>
              set(
                'options',
                draft.options.filter((_, j) => j !== i),
              )
            }
          >
            Remove option {i + 1}
          </button>
        </fieldset>
      ))}
      <div className="actions">
        {draft.options.length < 3 ? (
          <button
            type="button"
            onClick={() => set('options', [...draft.options, { name: '', values: '' }])}
          >
            Add option
          </button>
        ) : null}
        {draft.options.length > 0 ? (
          <button type="button" onClick={() => set('variants', generateVariants(draft))}>
            Generate variants
          </button>
        ) : null}
      </div>
      {errors.variants ? <p className="field-error">{errors.variants}</p> : null}
      {draft.variants.length > 0 ? (
        <TableRegion label="Variants">
          <table className="matrix">
            <caption>Variants</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">Price ({currency})</th>
                <th scope="col">Sale price ({currency})</th>
                <th scope="col">Stock</th>
                <th scope="col">SKU</th>
              </tr>
            </thead>
            <tbody>
              {draft.variants.map((v, i) => {
                const name = v.option_values.join(' / ');
                return (
                  <tr key={v.option_values.join('\u0000')}>
                    <th scope="row">{name}</th>
                    <td>
                      <CellInput
                        label={`Price of ${name}`}
                        value={v.price}
                        inputMode="decimal"
                        onChange={(value) => setVariant(i, { price: value })}
                        error={errors[`variants.${i}.price`]}
                      />
                    </td>
                    <td>
                      <CellInput
                        label={`Sale price of ${name}`}
                        value={v.sale_price}
                        inputMode="decimal"
                        onChange={(value) => setVariant(i, { sale_price: value })}
                        error={errors[`variants.${i}.sale_price`]}
                      />
                    </td>
                    <td>
                      <CellInput
                        label={`Stock of ${name}`}
                        value={v.stock}
                        inputMode="numeric"
                        onChange={(value) => setVariant(i, { stock: value })}
                        error={errors[`variants.${i}.stock`]}
                      />
                    </td>
                    <td>
                      <CellInput
                        label={`SKU of ${name}`}
                        value={v.sku}
                        onChange={(value) => setVariant(i, { sku: value })}
                        error={errors[`variants.${i}.sku`]}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}

function CellInput({
  label,
  value,
  onChange,
  error,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <span className="cell">
      <input
        aria-label={label}
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? <span className="field-error">{error}</span> : null}
    </span>
  );
}
