import { describe, expect, it } from 'vitest';
import {
  encodeReply,
  isBlockingCommand,
  parseCommand,
  parseCommandList,
  rewriteLuaShebang,
  ScriptShaMap,
  sha1Hex,
  UpstashProtocolError,
} from '../../../../scripts/local/upstash-protocol';

const RATELIMIT_STYLE = `#!lua flags=allow-key-locking
  local key = KEYS[1]
  return redis.call("INCR", key)
`;

describe('rewriteLuaShebang', () => {
  it('drops allow-key-locking and keeps the shebang line', () => {
    const rewritten = rewriteLuaShebang(RATELIMIT_STYLE);
    expect(rewritten.split('\n')[0]).toBe('#!lua');
    expect(rewritten.split('\n').slice(1)).toEqual(RATELIMIT_STYLE.split('\n').slice(1));
  });

  it('keeps the flags Redis knows', () => {
    expect(rewriteLuaShebang('#!lua flags=no-writes,allow-key-locking\nreturn 1')).toBe(
      '#!lua flags=no-writes\nreturn 1',
    );
    expect(rewriteLuaShebang('#!lua flags=no-writes\nreturn 1')).toBe(
      '#!lua flags=no-writes\nreturn 1',
    );
  });

  it('leaves scripts without flags alone', () => {
    expect(rewriteLuaShebang('return 1')).toBe('return 1');
    expect(rewriteLuaShebang('#!lua\nreturn 1')).toBe('#!lua\nreturn 1');
  });
});

describe('ScriptShaMap', () => {
  const clientSha = sha1Hex(RATELIMIT_STYLE);
  const loadedSha = sha1Hex(rewriteLuaShebang(RATELIMIT_STYLE));

  it('sends EVAL the rewritten script and maps later EVALSHA calls to its SHA', () => {
    const map = new ScriptShaMap();
    expect(map.translate(['evalsha', clientSha, '1', 'k']).args[1]).toBe(clientSha);
    const evaluated = map.translate(['EVAL', RATELIMIT_STYLE, '1', 'k']);
    expect(evaluated.args).toEqual(['eval', rewriteLuaShebang(RATELIMIT_STYLE), '1', 'k']);
    expect(map.translate(['evalsha', clientSha, '1', 'k']).args).toEqual([
      'evalsha',
      loadedSha,
      '1',
      'k',
    ]);
    expect(map.translate(['evalsha_ro', clientSha.toUpperCase(), '0']).args[1]).toBe(loadedSha);
  });

  it('answers SCRIPT LOAD with the SHA the client computed itself', () => {
    const map = new ScriptShaMap();
    const load = map.translate(['script', 'load', RATELIMIT_STYLE]);
    expect(load.args[2]).toBe(rewriteLuaShebang(RATELIMIT_STYLE));
    expect(load.mapReply(Buffer.from(loadedSha))).toBe(clientSha);
    expect(map.translate(['script', 'exists', clientSha, 'abc']).args).toEqual([
      'script',
      'exists',
      loadedSha,
      'abc',
    ]);
  });

  it('records nothing for scripts that need no rewrite', () => {
    const map = new ScriptShaMap();
    const plain = 'return 1';
    map.translate(['eval', plain, '0']);
    expect(map.translate(['evalsha', sha1Hex(plain), '0']).args[1]).toBe(sha1Hex(plain));
  });

  it('passes other commands through untouched', () => {
    const translated = new ScriptShaMap().translate(['set', 'k', 'v']);
    expect(translated.args).toEqual(['set', 'k', 'v']);
    expect(translated.mapReply(3)).toBe(3);
  });
});

describe('encodeReply', () => {
  it('base64-encodes every string except a bare OK', () => {
    expect(encodeReply(Buffer.from('héllo 🛒'), true)).toBe(
      Buffer.from('héllo 🛒').toString('base64'),
    );
    expect(encodeReply(Buffer.from('OK'), true)).toBe('OK');
    expect(encodeReply('PONG', true)).toBe('UE9ORw==');
  });

  it('returns UTF-8 text without base64', () => {
    expect(encodeReply(Buffer.from('héllo 🛒'), false)).toBe('héllo 🛒');
  });

  it('keeps numbers and nulls and recurses into arrays', () => {
    const reply = [Buffer.from('a'), 7, null, [Buffer.from('b'), undefined]];
    expect(encodeReply(reply, true)).toEqual(['YQ==', 7, null, ['Yg==', null]]);
    expect(encodeReply(reply, false)).toEqual(['a', 7, null, ['b', null]]);
  });
});

describe('parseCommand', () => {
  it('turns every argument into the string Redis receives', () => {
    expect(parseCommand(['set', 'k', { a: 1 }, 'ex', 60, true])).toEqual([
      'set',
      'k',
      '{"a":1}',
      'ex',
      '60',
      'true',
    ]);
  });

  it('rejects bodies that are not commands', () => {
    expect(() => parseCommand({ cmd: 'get' })).toThrow(UpstashProtocolError);
    expect(() => parseCommand([])).toThrow(UpstashProtocolError);
    expect(() => parseCommandList([['get', 'k'], 'get'])).toThrow(UpstashProtocolError);
  });

  it('refuses commands that would change the shared connection', () => {
    for (const name of ['MULTI', 'select', 'subscribe', 'quit']) {
      expect(() => parseCommand([name, '1'])).toThrow(/not supported/);
    }
  });
});

describe('isBlockingCommand', () => {
  it('spots blocking commands, XREAD only with BLOCK', () => {
    expect(isBlockingCommand(['BLPOP', 'q', '5'])).toBe(true);
    expect(isBlockingCommand(['xread', 'BLOCK', '100', 'STREAMS', 's', '$'])).toBe(true);
    expect(isBlockingCommand(['xread', 'STREAMS', 's', '0'])).toBe(false);
    expect(isBlockingCommand(['get', 'k'])).toBe(false);
  });
});
