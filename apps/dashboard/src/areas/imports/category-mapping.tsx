import type { Schema } from '../../api/client';
import { countOf } from '../../lib/text';

/** Which column of the file names categories, as the import API takes it. */
export type CategorySource = Schema<'Import'>['categories_from'];
type Mapping = NonNullable<Schema<'ImportCategoryMapping'>>;

const LABELS: Record<Exclude<CategorySource, 'none'>, string> = {
  type: 'Type',
  product_category: 'Product Category (its last level)',
  collection: 'Collection',
};

/** What one choice would do, in words. */
function effectOf(source: Mapping['sources'][number]) {
  if (source.column === null) return 'The file has no such column.';
  if (source.names === 0) return 'No product names one: no categories.';
  const made =
    source.new_categories === 0
      ? 'all exist already'
      : `${countOf(source.new_categories, 'new category', 'new categories')} would be created`;
  const verb = source.products === 1 ? 'names' : 'name';
  return `${countOf(source.products, 'product')} ${verb} ${countOf(source.names, 'category', 'categories')} (${made}), e.g. ${source.examples.join(', ')}.`;
}

/**
 * The dry run's mapping step: how Type, Product Category and Collection would map to
 * categories, each with its effect, as a labelled radio group; tags always stay tags.
 */
export function CategoryMapping({
  mapping,
  value,
  onChange,
}: {
  mapping: Mapping;
  value: CategorySource;
  onChange: (source: CategorySource) => void;
}) {
  return (
    <fieldset className="mapping">
      <legend>Which column becomes categories?</legend>
      <p className="muted">
        Tags stay tags: {countOf(mapping.tags.distinct, 'tag')} from{' '}
        {countOf(mapping.tags.products, 'product')} become product tags, never categories.
      </p>
      {mapping.sources.map((source) => (
        <div className="check" key={source.source}>
          <input
            type="radio"
            id={`categories-from-${source.source}`}
            name="categories-from"
            value={source.source}
            checked={value === source.source}
            disabled={source.column === null}
            aria-describedby={`categories-from-${source.source}-effect`}
            onChange={() => onChange(source.source)}
          />
          <label htmlFor={`categories-from-${source.source}`}>{LABELS[source.source]}</label>
          <span className="hint" id={`categories-from-${source.source}-effect`}>
            {effectOf(source)}
          </span>
        </div>
      ))}
      <div className="check">
        <input
          type="radio"
          id="categories-from-none"
          name="categories-from"
          value="none"
          checked={value === 'none'}
          aria-describedby="categories-from-none-effect"
          onChange={() => onChange('none')}
        />
        <label htmlFor="categories-from-none">None</label>
        <span className="hint" id="categories-from-none-effect">
          Products keep the categories they have; none are created.
        </span>
      </div>
    </fieldset>
  );
}
