import { z } from '@hono/zod-openapi';
import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';

const LivenessSchema = z
  .object({ status: z.literal('ok') })
  .openapi('Liveness', { example: { status: 'ok' } });

// No guard: no key, and so no shop and no database statement.
const livez = defineRoute({
  method: 'get',
  path: '/',
  tags: ['livez'],
  operationId: 'getLiveness',
  summary: 'Whether the API answers (for uptime monitors)',
  description:
    'Needs no key and sends no database statement (`Server-Timing: db;desc="0"`), so it says only that the worker is up and configured. To know whether one shop is open, call `GET /settings/health` with the shop\'s key.',
  responses: {
    200: jsonContent(LivenessSchema, 'The API answers'),
  },
});

export const livezRoutes = createRouter();

livezRoutes.openapi(livez, (c) =>
  c.json({ status: 'ok' as const }, 200, { 'Cache-Control': 'no-store' }),
);
