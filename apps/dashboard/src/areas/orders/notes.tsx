/** Internal notes on the order: who wrote each and when, and a form to add one. */
import { useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import { formatDate, Notice, TextArea } from '../../components/ui';
import { type Order, useOrderWrite, WriteProblem } from './order-write';

export function OrderNotes({ order, writable }: { order: Order; writable: boolean }) {
  const [body, setBody] = useState('');
  const [done, setDone] = useState<string>();
  const add = useOrderWrite<string>(
    order,
    (text, headers) => {
      if (!text.trim()) {
        const message = 'Write the note first.';
        throw new ApiError(400, 'FORM', message, [{ field: 'body', message }]);
      }
      return unwrap(
        api.POST('/orders/{id}/notes', {
          params: { path: { id: order.id } },
          headers,
          body: { body: text.trim() },
        }),
      );
    },
    () => {
      setBody('');
      setDone('Note added.');
    },
  );
  return (
    <section aria-labelledby="notes">
      <h2 id="notes">Internal notes</h2>
      {order.notes.length === 0 ? (
        <p className="muted">No notes yet. Only staff see them, never the buyer.</p>
      ) : (
        <ol className="order-cards notes">
          {order.notes.map((n) => (
            <li key={n.id}>
              <p className="note-body">{n.body}</p>
              <p className="muted">
                {n.author} · <time dateTime={n.created_at}>{formatDate(n.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {writable ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setDone(undefined);
            add.mutate(body);
          }}
        >
          {done ? <Notice tone="success">{done}</Notice> : null}
          <TextArea
            label="New note"
            hint="Only staff see it"
            rows={3}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={add.fieldError('body')}
          />
          <WriteProblem write={add} fields={['body']} />
          <div className="actions">
            <button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add note'}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
