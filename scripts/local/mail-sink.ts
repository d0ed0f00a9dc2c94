import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, sendHtml, sendJson, startHttpServer } from './http-server';
import { escapeHtml, PAGE_SECURITY_HEADERS, renderInbox, renderMessage } from './mail-sink-pages';
import { LOOPBACK } from './net';
import { createResendApi } from './resend-api';
import { resendError, type SinkMessage } from './resend-emails';

export type { SinkMessage } from './resend-emails';

export interface MailSink {
  /** Use as the Resend SDK's `baseUrl`; the inbox page is served at the same address. */
  url: string;
  close(): Promise<void>;
  /** Newest first. */
  messages(): SinkMessage[];
  /** Forgets messages and idempotency keys. */
  clear(): void;
}

/**
 * Answers the Resend API as api.resend.com does and keeps every accepted email in memory:
 * `GET /` lists them, `GET /messages/:id` shows one, `GET /api/emails` returns them as JSON
 * (newest first) and `DELETE /api/emails` empties the box.
 */
export async function startMailSink(opts: { port?: number } = {}): Promise<MailSink> {
  const inbox: SinkMessage[] = [];
  const newestFirst = () => inbox.slice().reverse();
  const resend = createResendApi({
    store: (email, idempotencyKey) => {
      const id = randomUUID();
      inbox.push({ ...email, id, createdAt: new Date().toISOString(), idempotencyKey });
      return id;
    },
    find: (id) => inbox.find((m) => m.id === id),
  });
  const clear = () => {
    inbox.length = 0;
    resend.forgetIdempotencyKeys();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://local').pathname.replace(/(.)\/+$/, '$1');
    const messageId = /^\/messages\/([^/]+)$/.exec(path)?.[1];

    if (path === '/emails' || path.startsWith('/emails/')) {
      try {
        const [status, body] = await resend.handle(req, path);
        return sendJson(res, status, body);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        return sendJson(res, 413, resendError(413, 'validation_error', error.message));
      }
    }
    if (req.method === 'GET' && path === '/') {
      return sendHtml(res, 200, renderInbox(newestFirst()), PAGE_SECURITY_HEADERS);
    }
    if (req.method === 'GET' && messageId !== undefined) {
      const id = decodeURIComponent(messageId);
      const found = inbox.find((m) => m.id === id);
      if (found) return sendHtml(res, 200, renderMessage(found), PAGE_SECURITY_HEADERS);
      return sendHtml(res, 404, `<p>No message ${escapeHtml(id)}.</p>`, PAGE_SECURITY_HEADERS);
    }
    if (path === '/api/emails' && req.method === 'GET') {
      return sendJson(res, 200, newestFirst().map(toListItem));
    }
    if (path === '/api/emails' && req.method === 'DELETE') {
      clear();
      res.writeHead(204).end();
      return;
    }
    sendJson(res, 404, resendError(404, 'not_found', 'The requested endpoint does not exist.'));
  };

  const http = await startHttpServer(handle, opts.port);
  return {
    url: `http://${LOOPBACK}:${http.port}`,
    close: http.close,
    messages: newestFirst,
    clear,
  };
}

function toListItem(m: SinkMessage) {
  return {
    id: m.id,
    to: m.to,
    from: m.from,
    subject: m.subject,
    html: m.html,
    text: m.text,
    createdAt: m.createdAt,
  };
}
