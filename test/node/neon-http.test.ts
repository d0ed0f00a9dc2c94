import {
  type NeonDbError,
  type NeonQueryFunction,
  neon,
  neonConfig,
} from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NeonHttpEndpoint, startNeonHttpEndpoint } from '../../scripts/local/neon-http';
import { startTestPostgres } from './support/postgres';

let postgres: { url: string; stop(): Promise<void> };
let endpoint: NeonHttpEndpoint;
let sql: NeonQueryFunction<false, false>;

beforeAll(async () => {
  [postgres, endpoint] = await Promise.all([startTestPostgres(), startNeonHttpEndpoint()]);
  neonConfig.fetchEndpoint = endpoint.url;
  sql = neon(postgres.url);
  await sql`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL)`;
});

afterAll(async () => {
  await endpoint?.close();
  await postgres?.stop();
});

async function rejection(promise: Promise<unknown>): Promise<NeonDbError> {
  try {
    await promise;
  } catch (error) {
    return error as NeonDbError;
  }
  throw new Error('expected the query to fail');
}

/** Talks to the endpoint directly, the way the driver does, for what the driver hides. */
function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(endpoint.url, {
    method: 'POST',
    body,
    headers: {
      'Neon-Connection-String': postgres.url,
      'Neon-Raw-Text-Output': 'true',
      'Neon-Array-Mode': 'true',
      ...headers,
    },
  });
}

describe('neon() through the local endpoint', () => {
  it('runs parameterised queries and the driver parses every type from text', async () => {
    const rows = await sql`
      SELECT ${41}::int + 1 AS answer, 9007199254740993::int8 AS big, '{1,2}'::int[] AS list,
             '{"k":[1,"x"]}'::jsonb AS doc, ${'2024-05-06T07:08:09Z'}::timestamptz AS at,
             ${Buffer.from([0, 255])}::bytea AS bytes, NULL::text AS nothing, ${'é "q"'} AS echo`;
    expect(rows).toEqual([
      {
        answer: 42,
        big: '9007199254740993',
        list: [1, 2],
        doc: { k: [1, 'x'] },
        at: new Date('2024-05-06T07:08:09Z'),
        bytes: Buffer.from([0, 255]),
        nothing: null,
        echo: 'é "q"',
      },
    ]);
  });

  it('gives full results and array mode with fields, command and row count', async () => {
    const inserted = await sql.query(
      'INSERT INTO items VALUES ($1, $2), ($3, $4) RETURNING id',
      [100, 'a', 101, 'b'],
      { fullResults: true, arrayMode: true },
    );
    expect(inserted.command).toBe('INSERT');
    expect(inserted.rowCount).toBe(2);
    expect(inserted.rows).toEqual([[100], [101]]);
    expect(inserted.fields[0]).toMatchObject({ name: 'id', dataTypeID: 23 });
  });

  it('commits a batch transaction as a whole', async () => {
    const [first, second] = await sql.transaction([
      sql`INSERT INTO items VALUES (1, 'one') RETURNING name`,
      sql`UPDATE items SET name = 'uno' WHERE id = 1 RETURNING name`,
    ]);
    expect(first).toEqual([{ name: 'one' }]);
    expect(second).toEqual([{ name: 'uno' }]);
    expect(await sql`SELECT name FROM items WHERE id = 1`).toEqual([{ name: 'uno' }]);
  });

  it('rolls the whole batch back when one statement fails and passes the error fields on', async () => {
    await sql`INSERT INTO items VALUES (20, 'taken')`;
    const error = await rejection(
      sql.transaction([
        sql`INSERT INTO items VALUES (21, 'new')`,
        sql`INSERT INTO items VALUES (20, 'dup')`,
      ]),
    );
    expect(error.name).toBe('NeonDbError');
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('items_pkey');
    expect(error.detail).toBe('Key (id)=(20) already exists.');
    expect(error.severity).toBe('ERROR');
    expect(await sql`SELECT id FROM items WHERE id = 21`).toEqual([]);
  });

  it('applies the isolation level and read-only mode of a batch', async () => {
    const [setting] = await sql.transaction(
      [sql`SELECT current_setting('transaction_isolation') AS level`],
      {
        isolationLevel: 'Serializable',
      },
    );
    expect(setting).toEqual([{ level: 'serializable' }]);
    const error = await rejection(
      sql.transaction([sql`INSERT INTO items VALUES (3, 'three')`], { readOnly: true }),
    );
    expect(error.code).toBe('25006');
  });

  it('reports statement errors with code and position, like Neon', async () => {
    const missing = await rejection(sql`SELECT * FROM no_such_table`);
    expect(missing.code).toBe('42P01');
    expect(missing.position).toBe('15');
    // Neon runs every statement through the extended protocol: one statement per query.
    expect((await rejection(sql`SELECT 1; SELECT 2`)).code).toBe('42601');
  });

  it('reports a failed login as a Postgres error', async () => {
    const wrongPassword = neon(postgres.url.replace(':postgres@', ':wrong@'));
    expect((await rejection(wrongPassword`SELECT 1`)).code).toBe('28P01');
  });
});

describe('the endpoint protocol', () => {
  it('honours per-query arrayMode and echoes the batch settings', async () => {
    const res = await post(
      JSON.stringify({ queries: [{ query: 'SELECT 1 AS one', arrayMode: false }] }),
      {
        'Neon-Batch-Read-Only': 'true',
        'Neon-Batch-Isolation-Level': 'RepeatableRead',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('neon-batch-read-only')).toBe('true');
    expect(res.headers.get('neon-batch-isolation-level')).toBe('RepeatableRead');
    const body = (await res.json()) as { results: { rows: unknown[]; rowAsArray: boolean }[] };
    expect(body.results[0]).toMatchObject({ rows: [{ one: '1' }], rowAsArray: false });
  });

  it('answers malformed requests with 400 and a message, and keeps serving', async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['{not json', {}, /not valid JSON/],
      ['{"sql":"SELECT 1"}', {}, /"query"/],
      [
        '{"query":"SELECT 1"}',
        { 'Neon-Connection-String': 'postgres://u:p@203.0.113.9/db' },
        /loopback/,
      ],
      ['{"query":"SELECT 1"}', { 'Neon-Batch-Isolation-Level': 'Chaos' }, /isolation level/],
      ['{"query":"SELECT 1"}', { 'Neon-Raw-Text-Output': 'false' }, /Raw-Text-Output/],
    ];
    for (const [body, headers, message] of cases) {
      const res = await post(body, headers);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await sql`SELECT 1 AS alive`).toEqual([{ alive: 1 }]);
  });

  it('serves only POST /sql', async () => {
    expect((await fetch(endpoint.url.replace('/sql', '/other'), { method: 'POST' })).status).toBe(
      404,
    );
    expect((await fetch(endpoint.url)).status).toBe(405);
  });
});
