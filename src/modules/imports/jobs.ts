import type { Services } from '../../app-env';
import type { ImportProblemRow } from '../../db/schema';
import { mapHeader, type Row, rowOf } from './csv/columns';
import { CsvSyntaxError, readCsv } from './csv/parse';
import { MappingTally } from './mapping';
import {
  type ImportRow,
  markFailed,
  markPlanned,
  recordSlice,
  type SliceTally,
  selectImport,
  selectShop,
} from './queries';
import { importProduct } from './writer';

/*
 * An import runs as queue messages: `plan` reads the stored file through once (checking it
 * is CSV, finding where each product's rows start) and sends one `slice` message per run of
 * whole products; each slice reads only its bytes of the file and writes its products. No
 * invocation holds more than one slice.
 */

export type PlanMessage = { kind: 'plan'; shopId: string; importId: string };
export type SliceMessage = {
  kind: 'slice';
  shopId: string;
  importId: string;
  index: number;
  offset: number;
  length: number;
  line: number;
  /** Lines where a product's rows start again after other products' (left out). */
  skip: number[];
};
export type ImportMessage = PlanMessage | SliceMessage;

declare module '../../env' {
  /** The product-imports queue carries an import's plan and slice jobs. */
  interface QueueMessages {
    'product-imports': ImportMessage;
  }
}
export type ImportQueue = Queue<ImportMessage>;

/** A slice holds at most this many products, or this many bytes of rows. */
export const SLICE_PRODUCTS = 25;
const SLICE_BYTES = 256 * 1024;

type Cut = Omit<SliceMessage, 'kind' | 'shopId' | 'importId' | 'index'> & { products: number };

async function cutSlices(services: Services, row: ImportRow) {
  const object = await services.storage.get(row.objectKey);
  if (!object) throw new Error(`the file of import ${row.id} is missing`);
  const map = mapHeader(row.headers);
  if (!map) throw new Error(`the header of import ${row.id} has no Handle`);
  const handleAt = map.index.handle ?? 0;
  const mapping = new MappingTally(map);
  const cuts: Cut[] = [];
  const problems: ImportProblemRow[] = [];
  const seen = new Set<string>();
  let handle: string | null = null;
  let current: (Cut & { end: number }) | null = null;
  let header = true;
  for await (const record of readCsv(object.body)) {
    if (header) {
      header = false;
      continue;
    }
    const h = (record.fields[handleAt] ?? '').trim();
    if (h !== '' && h !== handle) {
      handle = h;
      const full =
        current &&
        (current.products >= SLICE_PRODUCTS || current.end - current.offset >= SLICE_BYTES);
      if (!current || full) {
        current = {
          offset: record.start,
          end: record.start,
          length: 0,
          line: record.line,
          skip: [],
          products: 0,
        };
        cuts.push(current);
      }
      if (seen.has(h.toLowerCase())) {
        current.skip.push(record.line);
        problems.push({
          line: record.line,
          column: 'Handle',
          code: 'CSV_VALUE_INVALID',
          message: `The rows of ${h} must follow one another; these rows were left out`,
          handle: h,
        });
      } else {
        seen.add(h.toLowerCase());
        current.products += 1;
        mapping.add(rowOf(map, record.fields, record.line));
      }
    } else if (!current) {
      problems.push({
        line: record.line,
        column: 'Handle',
        code: 'CSV_VALUE_INVALID',
        message: 'Every row needs a Handle',
      });
      continue;
    }
    current.end = record.end;
    current.length = current.end - current.offset;
  }
  return {
    cuts,
    problems,
    products: seen.size,
    mapping: await mapping.report(services.database.db, row.shopId),
  };
}

async function plan(services: Services, queue: ImportQueue, message: PlanMessage) {
  const db = services.database.db;
  const row = await selectImport(db, message.shopId, message.importId);
  if (row?.status !== 'queued') return;
  let read: Awaited<ReturnType<typeof cutSlices>>;
  try {
    read = await cutSlices(services, row);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    const line = error.line;
    await markFailed(db, row, {
      line,
      column: null,
      code: 'CSV_MALFORMED',
      message: error.message,
    });
    return;
  }
  await markPlanned(db, row, {
    products: read.products,
    slices: read.cuts.length,
    failed: 0,
    problems: read.problems,
    mapping: read.mapping,
  });
  const messages = read.cuts.map(({ products: _, ...cut }, index) => ({
    body: { kind: 'slice' as const, shopId: row.shopId, importId: row.id, index, ...cut },
  }));
  for (let i = 0; i < messages.length; i += 100) await queue.sendBatch(messages.slice(i, i + 100));
}

async function slice(services: Services, message: SliceMessage) {
  const db = services.database.db;
  const row = await selectImport(db, message.shopId, message.importId);
  if (!row || row.slicesDone.includes(message.index)) return;
  const shop = await selectShop(db, row.shopId);
  const map = mapHeader(row.headers);
  const object = await services.storage.get(row.objectKey, {
    offset: message.offset,
    length: message.length,
  });
  if (!shop || !map || !object) return;
  const ctx = {
    services,
    shop,
    actor: { keyId: row.keyId, requestId: `import:${row.id}` },
    dryRun: row.dryRun,
    categoriesFrom: row.categoriesFrom,
  };
  const tally: SliceTally = {
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    imagesFailed: 0,
    problems: [],
  };
  const flush = async (rows: Row[]) => {
    if (rows.length === 0) return;
    const outcome = await importProduct(ctx, rows);
    tally[outcome.action] += 1;
    tally.imagesFailed += outcome.imagesFailed;
    tally.problems.push(...outcome.problems);
  };
  let group: Row[] = [];
  let handle: string | null = null;
  let skipping = false;
  for await (const record of readCsv(object.body, { offset: message.offset, line: message.line })) {
    const r = rowOf(map, record.fields, record.line);
    const h = r.get('handle');
    if (h !== '' && h !== handle) {
      await flush(group);
      group = [];
      handle = h;
      skipping = message.skip.includes(record.line);
    }
    if (!skipping) group.push(r);
  }
  await flush(group);
  await recordSlice(db, row, message.index, tally);
}

/**
 * Deliveries of one message before the queue drops it: wrangler.toml's `max_retries` (3) for
 * the product-imports consumer, plus the first (a test reads both).
 */
export const IMPORT_MAX_DELIVERIES = 4;

/** What the import says when a part of it failed on every delivery. */
function interrupted(body: ImportMessage, error: unknown): ImportProblemRow {
  const part =
    body.kind === 'slice'
      ? `The products from line ${body.line} on could not be written`
      : 'The file could not be read';
  return {
    line: body.kind === 'slice' ? body.line : 1,
    column: null,
    code: 'IMPORT_INTERRUPTED',
    message: `${part} after ${IMPORT_MAX_DELIVERIES} tries (${error instanceof Error ? error.message : String(error)}), so the import stopped. Products written before stay; importing the file again writes the rest and leaves unchanged products as they are.`,
  };
}

/**
 * Handles one batch of the import queue: each message is acked once done, else retried. On
 * its last delivery a message that still fails marks its import failed, with the reason,
 * instead of leaving it running for ever.
 */
export async function handleImportBatch(
  batch: MessageBatch<ImportMessage>,
  services: Services,
  queue: ImportQueue,
) {
  for (const message of batch.messages) {
    try {
      if (message.body.kind === 'plan') await plan(services, queue, message.body);
      else await slice(services, message.body);
      message.ack();
    } catch (error) {
      services.log.error('an import message failed', {
        error: String(error),
        attempt: message.attempts,
      });
      if (message.attempts < IMPORT_MAX_DELIVERIES) {
        message.retry();
        continue;
      }
      const { shopId, importId } = message.body;
      const db = services.database.db;
      const row = await selectImport(db, shopId, importId).catch(() => undefined);
      if (row) await markFailed(db, row, interrupted(message.body, error)).catch(() => undefined);
      message.ack();
    }
  }
}
