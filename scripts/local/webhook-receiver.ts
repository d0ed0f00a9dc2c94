import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { header, parseJson, readBody, sendJson, startHttpServer } from './http-server';

/** How a receiver path answers: `fail` failures (500) first, then as `after` says. */
export type ReceiverBehaviour = {
  /** The endpoint's signing secret (`whsec_…`): every delivery is verified with it. */
  secret: string;
  /** Answer 500 to this many deliveries before behaving as `after`. */
  fail?: number;
  /** `ok` answers 204; `hang` never answers (the sender's timeout must end it); `error` answers 500. */
  after?: 'ok' | 'hang' | 'error';
};

/** A delivery as the receiver saw it. */
export type ReceivedWebhook = {
  path: string;
  id: string;
  timestamp: string;
  /** Whether the `standardwebhooks` library accepted the signature. */
  verified: boolean;
  verifyError: string | null;
  body: unknown;
  answered: number | 'hang';
  receivedAt: string;
};

type Inbox = { behaviour: ReceiverBehaviour; seen: number; received: ReceivedWebhook[] };

export interface WebhookReceiver {
  url: string;
  close(): Promise<void>;
}

function verify(secret: string, body: string, req: IncomingMessage) {
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': header(req, 'webhook-id') ?? '',
      'webhook-timestamp': header(req, 'webhook-timestamp') ?? '',
      'webhook-signature': header(req, 'webhook-signature') ?? '',
    });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A webhook receiver for tests: `PUT /_control/<name>` sets how `POST /hooks/<name>` answers
 * (and the secret it verifies with), `GET /_control/<name>` lists what it received.
 * Signatures are checked with the `standardwebhooks` library, as a merchant's server would.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const inboxes = new Map<string, Inbox>();
  const hanging = new Set<ServerResponse>();

  async function control(req: IncomingMessage, res: ServerResponse, name: string) {
    if (req.method === 'PUT') {
      const behaviour = parseJson(await readBody(req, 10_000)) as ReceiverBehaviour;
      inboxes.set(name, { behaviour, seen: 0, received: [] });
      return sendJson(res, 204, {});
    }
    return sendJson(res, 200, inboxes.get(name)?.received ?? []);
  }

  async function receive(req: IncomingMessage, res: ServerResponse, name: string) {
    const raw = (await readBody(req, 1_000_000)).toString('utf8');
    const inbox = inboxes.get(name);
    if (!inbox) return sendJson(res, 404, { error: 'no such receiver' });
    const { behaviour } = inbox;
    inbox.seen += 1;
    const failing = inbox.seen <= (behaviour.fail ?? 0);
    const mode = failing ? 'error' : (behaviour.after ?? 'ok');
    const verifyError = verify(behaviour.secret, raw, req);
    inbox.received.push({
      path: req.url ?? '',
      id: header(req, 'webhook-id') ?? '',
      timestamp: header(req, 'webhook-timestamp') ?? '',
      verified: verifyError === null,
      verifyError,
      body: parseJson(Buffer.from(raw)),
      answered: mode === 'hang' ? 'hang' : mode === 'ok' ? 204 : 500,
      receivedAt: new Date().toISOString(),
    });
    if (mode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (mode === 'error') return sendJson(res, 500, { error: 'receiver failing on purpose' });
    res.writeHead(204).end();
  }

  const server = await startHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    const [, area, name] = url.pathname.split('/');
    if (area === '_control' && name) return control(req, res, name);
    if (area === 'hooks' && name && req.method === 'POST') return receive(req, res, name);
    return sendJson(res, 404, { error: 'not found' });
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
}
