import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from '@hono/zod-openapi';
import { SettingsDocumentSchema } from '../src/modules/settings/document';
const reg = new OpenAPIRegistry();
const shape = Object.fromEntries(Object.entries(SettingsDocumentSchema.shape).map(([k, v]) => [k, (v as any).openapi(`Settings${k[0].toUpperCase()}${k.slice(1)}`)]));
const S = z.object({ object: z.literal('settings'), ...shape }).openapi('MerchantSettings');
reg.registerPath({ method: 'get', path: '/x', responses: { 200: { description: 'x', content: { 'application/json': { schema: S } } } } });
const doc = new OpenApiGeneratorV31(reg.definitions).generateDocument({ openapi: '3.1.0', info: { title: 'x', version: '1' } });
console.log(JSON.stringify(doc.components, null, 1).slice(0, 4000));
