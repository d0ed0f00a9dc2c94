import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey, unwrap } from '../../api/client';
import { ErrorNotice, formatDate, Loading, Notice, Pager } from '../../components/ui';
import { useCursor } from '../../lib/list';

/** The deliveries of one webhook endpoint, newest first, each with a replay. */
export function Deliveries({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const pager = useCursor();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const list = useQuery({
    queryKey: ['deliveries', endpointId, pager.cursor],
    queryFn: () =>
      unwrap(
        api.GET('/webhook-endpoints/{id}/deliveries', {
          params: { path: { id: endpointId }, query: { limit: 25, ...pager.cursor } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
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
      await queryClient.invalidateQueries({ queryKey: ['deliveries', endpointId] });
    } catch (caught) {
      setFailure(caught);
    }
  };
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="deliveries" className="card">
      <div className="title-row">
        <h2 id="deliveries">Deliveries</h2>
        <button type="button" onClick={onClose}>
          Close deliveries
        </button>
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={list.error ?? failure} />
      {list.isPending ? <Loading what="deliveries" /> : null}
      {list.data && rows.length === 0 ? <p>Nothing was sent to this endpoint yet.</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => {
                const last = d.attempts.at(-1);
                return (
                  <tr key={d.id}>
                    <td>
                      {d.event.type}
                      {d.replay_of ? ' (replay)' : ''}
                    </td>
                    <td>
                      {d.status}
                      {last ? ` · ${last.status ?? last.error ?? ''}` : ''}
                    </td>
                    <td>{d.attempts.length}</td>
                    <td>{formatDate(d.created_at)}</td>
                    <td>
                      <button type="button" onClick={() => void replay(d.id)}>
                        Replay<span className="sr-only"> {d.event.type}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </section>
  );
}
