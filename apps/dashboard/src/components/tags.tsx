/**
 * A product's tags in the dashboard: chips that filter the product list by their tag, and the
 * list's tag filter (the whole tag, in any case, as the API's `tag=` matches).
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { TextField } from './ui';

/** The tags of one product, each a link to the products carrying it. */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-chips" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to="/products"
            search={{ tag }}
            className="tag-chip"
            title={`Products tagged ${tag}`}
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The tag filter of the product list: a labelled box, its button, and a way back to every tag. */
export function TagFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}) {
  const [tag, setTag] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // A tag chosen elsewhere (a chip) shows in the box.
  if (shown !== value) {
    setShown(value);
    setTag(value ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(tag.trim() || undefined);
  };
  return (
    <form className="tag-filter" onSubmit={submit} aria-label="Filter by tag">
      <TextField
        label="Tag"
        type="search"
        hint="The whole tag, any case"
        value={tag}
        onChange={(e) => setTag(e.target.value)}
      />
      <button type="submit">Filter</button>
      {value ? (
        <button type="button" onClick={() => onChange(undefined)}>
          Any tag
        </button>
      ) : null}
    </form>
  );
}
