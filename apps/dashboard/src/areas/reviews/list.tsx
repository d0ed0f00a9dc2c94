import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../../api/client';
import { useMe } from '../../components/layout';
import { ErrorNotice, formatDate, Loading, Notice, Pager, SelectField } from '../../components/ui';
import { useCursor } from '../../lib/list';
import { mediaKeys } from '../../lib/queries';
import { can } from '../../lib/scopes';
import { countOf } from '../../lib/text';
import { reviewKeys } from './queries';

type Review = Schema<'Review'>;
type Verb = 'approve' | 'hide' | 'unhide';

/** The moderation queue: approve, hide or show again, one by one or the selected ones at once. */
export function Reviews() {
  const me = useMe();
  const queryClient = useQueryClient();
  const pager = useCursor();
  const [status, setStatus] = useState<'pending' | 'approved' | ''>('pending');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string>();
  const writable = can(me.scopes, 'reviews:write');
  const list = useQuery({
    queryKey: [...reviewKeys.list(status), pager.cursor],
    queryFn: () =>
      unwrap(
        api.GET('/reviews', {
          params: { query: { limit: 25, ...pager.cursor, ...(status ? { status } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: async ({ verb, reviews }: { verb: Verb; reviews: Review[] }) => {
      for (const r of reviews) {
        const options = {
          params: { path: { id: r.id } },
          headers: writeHeaders(newIdempotencyKey(), r.version),
        };
        if (verb === 'approve') await unwrap(api.POST('/reviews/{id}/approve', options));
        else if (verb === 'hide') await unwrap(api.POST('/reviews/{id}/hide', options));
        else await unwrap(api.POST('/reviews/{id}/unhide', options));
      }
      return reviews.length;
    },
    onSuccess: (n, { verb }) => {
      setDone(
        `${countOf(n, 'review')} ${verb === 'approve' ? 'approved' : verb === 'hide' ? 'hidden' : 'shown again'}.`,
      );
      setSelected(new Set());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
  const rows = list.data?.data ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  return (
    <>
      <h1>Reviews</h1>
      <div className="filters">
        <SelectField
          label="Show"
          value={status}
          onChange={(e) => {
            pager.reset();
            setSelected(new Set());
            setStatus(e.target.value as typeof status);
          }}
        >
          <option value="pending">Waiting for approval</option>
          <option value="approved">Approved</option>
          <option value="">All</option>
        </SelectField>
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={list.error ?? act.error} />
      {writable && chosen.length > 0 ? (
        <fieldset className="bulk">
          <legend>{chosen.length} selected</legend>
          <button
            type="button"
            onClick={() => act.mutate({ verb: 'approve', reviews: chosen })}
            disabled={act.isPending}
          >
            Approve selected
          </button>
          <button
            type="button"
            onClick={() => act.mutate({ verb: 'hide', reviews: chosen })}
            disabled={act.isPending}
          >
            Hide selected
          </button>
        </fieldset>
      ) : null}
      {list.isPending ? <Loading what="reviews" /> : null}
      {list.data && rows.length === 0 ? (
        <p>{status === 'pending' ? 'No review is waiting.' : 'No reviews.'}</p>
      ) : null}
      <ul className="reviews">
        {rows.map((r) => (
          <li key={r.id}>
            <article aria-labelledby={`review-${r.id}`}>
              <ReviewedProduct review={r} />
              <h2 id={`review-${r.id}`} className="h3">
                {'★'.repeat(r.rating)}
                <span className="sr-only">{r.rating} of 5 stars</span> by {r.buyer_display_name}
              </h2>
              <p className="muted">
                {formatDate(r.created_at)}
                {r.variant_label ? ` · ${r.variant_label}` : ''} · {r.status}
                {r.hidden ? ' · hidden' : ''}
              </p>
              <p>{r.comment}</p>
              {writable ? (
                <div className="actions">
                  <input
                    type="checkbox"
                    aria-label={`Select the review by ${r.buyer_display_name} of ${r.product?.title ?? 'a deleted product'}`}
                    checked={selected.has(r.id)}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (next.has(r.id)) next.delete(r.id);
                        else next.add(r.id);
                        return next;
                      })
                    }
                  />
                  {r.status === 'pending' ? (
                    <button
                      type="button"
                      onClick={() => act.mutate({ verb: 'approve', reviews: [r] })}
                      disabled={act.isPending}
                    >
                      Approve
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => act.mutate({ verb: r.hidden ? 'unhide' : 'hide', reviews: [r] })}
                    disabled={act.isPending}
                  >
                    {r.hidden ? 'Show again' : 'Hide'}
                  </button>
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </>
  );
}

/** The product a review is about: its first image and its title, linking to its page. */
function ReviewedProduct({ review }: { review: Review }) {
  const product = review.product;
  const imageId = product?.image_id ?? null;
  const image = useQuery({
    queryKey: mediaKeys.detail(imageId),
    queryFn: () => unwrap(api.GET('/media/{id}', { params: { path: { id: imageId ?? '' } } })),
    enabled: imageId !== null,
    staleTime: 300_000,
  });
  if (!product) return <p className="muted">A product that was deleted</p>;
  return (
    <p className="reviewed-product">
      {image.data ? <img src={image.data.url} alt="" width={48} height={48} /> : null}
      <Link to="/products/$id" params={{ id: product.id }}>
        {product.title}
      </Link>
    </p>
  );
}
