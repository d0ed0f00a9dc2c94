import { describe, expect, it } from 'vitest';
import {
  beginStatement,
  NeonRequestError,
  parseConnectionString,
  parseNeonHeaders,
  parseNeonPayload,
  toPgText,
} from '../../../../scripts/local/neon-http-request';
import { neonErrorBody, toNeonResult } from '../../../../scripts/local/neon-http-response';

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('Neon request parsing', () => {
  it('reads the batch headers into a BEGIN statement', () => {
    const options = parseNeonHeaders(
      headers({
        'neon-raw-text-output': 'true',
        'neon-array-mode': 'true',
        'neon-batch-isolation-level': 'RepeatableRead',
        'neon-batch-read-only': 'true',
        'neon-batch-deferrable': 'false',
      }),
    );
    expect(options).toMatchObject({
      rawTextOutput: true,
      arrayMode: true,
      readOnly: true,
      deferrable: false,
    });
    expect(beginStatement(options)).toBe('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    expect(beginStatement(parseNeonHeaders(headers({})))).toBe('BEGIN');
  });

  it('treats anything but "true" as off and refuses unknown isolation levels', () => {
    expect(parseNeonHeaders(headers({ 'neon-array-mode': 'TRUE' })).arrayMode).toBe(false);
    expect(() =>
      parseNeonHeaders(headers({ 'neon-batch-isolation-level': 'serializable' })),
    ).toThrow('invalid isolation level');
  });

  it('accepts single and batch payloads and rejects malformed ones', () => {
    expect(parseNeonPayload({ query: 'select $1', params: ['a'] })).toEqual({
      kind: 'single',
      query: { query: 'select $1', params: ['a'], arrayMode: undefined },
    });
    const batch = parseNeonPayload({ queries: [{ query: 'select 1', arrayMode: false }] });
    expect(batch).toEqual({
      kind: 'batch',
      queries: [{ query: 'select 1', params: [], arrayMode: false }],
    });
    for (const bad of [null, [], { sql: 'x' }, { queries: [{}] }, { query: 'x', params: 'a' }]) {
      expect(() => parseNeonPayload(bad)).toThrow(NeonRequestError);
    }
  });

  it('converts JSON params to Postgres text the way Neon does', () => {
    expect(toPgText(null)).toBeNull();
    expect(toPgText('a"b')).toBe('a"b');
    expect(toPgText(42)).toBe('42');
    expect(toPgText(true)).toBe('true');
    expect(toPgText({ k: 1 })).toBe('{"k":1}');
    expect(toPgText([1, null, 'x"y', [true]])).toBe('{1,NULL,"x\\"y",{true}}');
    expect(toPgText([{ k: 1 }])).toBe('{"{\\"k\\":1}"}');
  });

  it('only relays to databases on loopback', () => {
    const local = 'postgresql://u:p@127.0.0.1:5432/db?application_name=x';
    expect(parseConnectionString(local)).toBe(local);
    expect(parseConnectionString('postgres://u:p@localhost/db')).toBe(
      'postgres://u:p@localhost/db',
    );
    expect(() => parseConnectionString('postgres://u:p@db.example.com/db')).toThrow(
      /not on loopback/,
    );
    expect(() => parseConnectionString('postgres://u:p@127.0.0.1/db?host=10.0.0.1')).toThrow(
      /not on loopback/,
    );
    expect(() => parseConnectionString(undefined)).toThrow(/missing/);
    expect(() => parseConnectionString('mysql://u@127.0.0.1/db')).toThrow(/postgres/);
  });
});

describe('Neon response shaping', () => {
  const fields = [
    {
      name: 'id',
      tableID: 1,
      columnID: 1,
      dataTypeID: 23,
      dataTypeSize: 4,
      dataTypeModifier: -1,
      format: 'text' as const,
    },
  ];

  it('returns rows as arrays or objects keyed by column', () => {
    const result = { fields, rows: [['1'], [null]], command: 'SELECT', rowCount: 2 };
    expect(toNeonResult(result, true)).toMatchObject({ rows: [['1'], [null]], rowAsArray: true });
    expect(toNeonResult(result, false).rows).toEqual([{ id: '1' }, { id: null }]);
    expect(toNeonResult({ ...result, command: null, rowCount: null }, true)).toMatchObject({
      command: '',
      rowCount: null,
    });
  });

  it('reports every error field, null where Postgres gave none', () => {
    const error = Object.assign(new Error('boom'), { code: '23505', constraint: 't_pkey' });
    const body = neonErrorBody(error);
    expect(body).toMatchObject({
      message: 'boom',
      code: '23505',
      constraint: 't_pkey',
      hint: null,
    });
    expect(Object.keys(body)).toHaveLength(17);
  });
});
