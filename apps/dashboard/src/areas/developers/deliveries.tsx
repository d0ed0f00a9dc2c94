import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey, unwrap } from '../../api/client';
import { PagedTable, usePaged } from '../../components/paged';
import { ErrorNotice, formatDate, Notice } from '../../components/ui';
import { deliveryKeys } from './queries';

/** The deliveries of one webhook endpoint, newest first, each with a replay. */
export function Deliveries({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const list = usePaged(deliveryKeys.list(endpointId), (cursor) =>
    unwrap(
      api.GET('/webhook-endpoints/{id}/deliveries', {
        params: { path: { id: endpointId }, query: { limit: 25, ...cursor } },
      }),
    ),
  );
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const replay = async (deliveryId: string) => {
    setFailure(undefined);
    try {
      await unwrap(
        api.POST('/webhook-endpoints/{id}/deliveries/{deliveryId}/replay', {
          params: { path: { id: endpointId, deliveryId } },
          headers: { 'idempotency-key': newIdempotencyKey() },
        }),
      );
      setDone('Delivery sent again.');
      await queryClient.invalidateQueries({ queryKey: deliveryKeys.list(endpointId) });
    } catch (caught) {
      setFailure(caught);
    }
  };
  return (
    <section aria-labelledby="deliveries" className="card">
      <div className="title-row">
        <h2 id="deliveries">Deliveries</h2>
        <button type="button" onClick={onClose}>
          Close deliveries
        </button>
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={failure} />
      <PagedTable
        list={list}
        caption="Deliveries"
        what="deliveries"
        empty="Nothing was sent to this endpoint yet."
        columns={[
          { label: 'Event', value: (d) => `${d.event.type}${d.replay_of ? ' (replay)' : ''}` },
          {
            label: 'Status',
            value: (d) => {
              const last = d.attempts.at(-1);
              return `${d.status}${last ? ` · ${last.status ?? last.error ?? ''}` : ''}`;
            },
          },
          { label: 'Attempts', value: (d) => d.attempts.length },
          { label: 'Created', value: (d) => formatDate(d.created_at) },
        ]}
        actions={(d) => (
          <button type="button" onClick={() => void replay(d.id)}>
            Replay<span className="sr-only"> {d.event.type}</span>
          </button>
        )}
      />
    </section>
  );
}
