/**
 * How every change of the order screen is sent: one Idempotency-Key per intent (kept across
 * retries of it), If-Match with the version on screen, the updated order put in the cache, and
 * a 412 that reloads the order while the dialog or form keeps what was typed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, newIdempotencyKey, type Schema, writeHeaders } from '../../api/client';
import { ErrorNotice, Notice } from '../../components/ui';
import { orderKeys } from './queries';

export type Order = Schema<'Order'>;
export type WriteHeaders = ReturnType<typeof writeHeaders>;

export function useOrderWrite<Vars>(
  order: Order,
  send: (vars: Vars, headers: WriteHeaders) => Promise<Order>,
  onDone?: (updated: Order) => void,
) {
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const mutation = useMutation({
    mutationFn: (vars: Vars) => send(vars, writeHeaders(key.current, order.version)),
    onSuccess: (updated) => {
      key.current = newIdempotencyKey();
      queryClient.setQueryData(orderKeys.detail(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.timeline(order.id) });
      onDone?.(updated);
    },
  });
  const stale = mutation.error instanceof ApiError && mutation.error.status === 412;
  /** The latest order, under a new key; what the merchant typed stays where it is. */
  const reload = async () => {
    await queryClient.refetchQueries({ queryKey: orderKeys.detail(order.id), exact: true });
    key.current = newIdempotencyKey();
    mutation.reset();
    return queryClient.getQueryData<Order>(orderKeys.detail(order.id));
  };
  /** The API's message for `field`, to show beside it. */
  const fieldError = (field: string) =>
    mutation.error instanceof ApiError ? mutation.error.fieldMessage(field) : undefined;
  return { ...mutation, stale, reload, fieldError };
}

type Write = { error: unknown; stale: boolean; reload: () => Promise<unknown> };

/**
 * What went wrong with a write, shown where it was asked: a 412 with its reload, or the API's
 * message with any detail that names no field of the form (those are shown beside their field).
 */
export function WriteProblem({ write, fields }: { write: Write; fields: readonly string[] }) {
  if (write.stale) {
    return (
      <Notice tone="warning">
        <p>This order changed since you opened it; nothing was done. What you typed is kept.</p>
        <button type="button" onClick={() => void write.reload()}>
          Reload the order
        </button>
      </Notice>
    );
  }
  const error = write.error;
  if (!error) return null;
  if (!(error instanceof ApiError)) return <ErrorNotice error={error} />;
  const named = (field: string) => fields.some((f) => field === f || field.startsWith(`${f}.`));
  const others = error.details.filter((d) => d.field && !named(d.field));
  const allBeside = error.details.length > 0 && others.length === 0;
  return (
    <Notice tone="error">
      <p>
        {allBeside ? 'See the message beside the field.' : error.message}
        {error.requestId && !allBeside ? ` (request ${error.requestId})` : ''}
      </p>
      {others.length > 0 ? (
        <ul>
          {others.map((d) => (
            <li key={`${d.field}:${d.message}`}>{d.message}</li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}
