import { createHash } from 'node:crypto';

/** A reply as ioredis hands it over from `callBuffer`: bulk and status strings arrive as Buffers. */
export type RedisReply = Buffer | string | number | null | undefined | Error | RedisReply[];
export type JsonReply = string | number | null | JsonReply[];

/** A request the stand-in refuses with 400 `{ error }`. */
export class UpstashProtocolError extends Error {}

// These would change the state of the one connection every request shares.
const CONNECTION_STATE_COMMANDS = new Set([
  'auth',
  'client',
  'discard',
  'exec',
  'hello',
  'monitor',
  'multi',
  'psubscribe',
  'punsubscribe',
  'quit',
  'reset',
  'select',
  'ssubscribe',
  'subscribe',
  'sunsubscribe',
  'unsubscribe',
  'unwatch',
  'watch',
]);

// These can hold a connection for their whole timeout, so they get one of their own.
const BLOCKING_COMMANDS = new Set([
  'blmove',
  'blmpop',
  'blpop',
  'brpop',
  'brpoplpush',
  'bzmpop',
  'bzpopmax',
  'bzpopmin',
  'wait',
  'waitaof',
]);

/** True for commands that may block their connection until a timeout. */
export function isBlockingCommand(args: string[]): boolean {
  const name = (args[0] ?? '').toLowerCase();
  if (name === 'xread' || name === 'xreadgroup') {
    return args.some((arg) => arg.toLowerCase() === 'block');
  }
  return BLOCKING_COMMANDS.has(name);
}

/** Validates one command array such as `["set", "k", "v", "ex", 60]` into Redis arguments. */
export function parseCommand(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new UpstashProtocolError('ERR command must be a non-empty JSON array');
  }
  const args = value.map(toRedisArg);
  const name = (args[0] ?? '').toLowerCase();
  if (CONNECTION_STATE_COMMANDS.has(name)) {
    throw new UpstashProtocolError(
      `ERR command '${name}' is not supported by the local Upstash endpoint`,
    );
  }
  return args;
}

function toRedisArg(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  return typeof arg === 'object' && arg !== null ? JSON.stringify(arg) : String(arg);
}

/** Validates a `/pipeline` or `/multi-exec` body: an array of command arrays. */
export function parseCommandList(value: unknown): string[][] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new UpstashProtocolError('ERR body must be a non-empty array of commands');
  }
  return value.map(parseCommand);
}

/** The hex SHA1 Redis uses to name a script. */
export function sha1Hex(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

// Upstash's own Lua flag. Stock Redis rejects unknown shebang flags
// ("Unexpected flag in script shebang"), so it is dropped; the other flags stay.
const UNSUPPORTED_FLAGS = new Set(['allow-key-locking']);

/** Drops shebang flags stock Redis does not know, keeping the line so error line numbers hold. */
export function rewriteLuaShebang(script: string): string {
  const match = /^#!lua[ \t]+flags=([^\n]*)/.exec(script);
  if (!match?.[1]) return script;
  const flags = match[1]
    .split(',')
    .map((flag) => flag.trim())
    .filter((flag) => flag && !UNSUPPORTED_FLAGS.has(flag));
  const shebang = flags.length > 0 ? `#!lua flags=${flags.join(',')}` : '#!lua';
  return shebang + script.slice(match[0].length);
}

export interface TranslatedCommand {
  args: string[];
  /** Maps Redis' reply back to what the client expects to see. */
  mapReply(reply: RedisReply): RedisReply;
}

const identity = (reply: RedisReply) => reply;

/**
 * Clients address scripts by the SHA1 of the text they hold (@upstash/ratelimit ships the
 * hashes precomputed), but Redis knows rewritten scripts by the SHA1 of the rewritten text.
 * This keeps the mapping between the two.
 */
export class ScriptShaMap {
  private readonly loadedShaByClientSha = new Map<string, string>();

  translate(args: string[]): TranslatedCommand {
    const name = (args[0] ?? '').toLowerCase();
    const sub = (args[1] ?? '').toLowerCase();
    if ((name === 'eval' || name === 'eval_ro') && args[1] !== undefined) {
      return { args: [name, this.load(args[1]).script, ...args.slice(2)], mapReply: identity };
    }
    if ((name === 'evalsha' || name === 'evalsha_ro') && args[1] !== undefined) {
      return { args: [name, this.loadedSha(args[1]), ...args.slice(2)], mapReply: identity };
    }
    if (name === 'script' && sub === 'load' && args[2] !== undefined) {
      const { script, clientSha } = this.load(args[2]);
      return { args: [name, args[1] ?? sub, script], mapReply: () => clientSha };
    }
    if (name === 'script' && sub === 'exists') {
      const shas = args.slice(2).map((sha) => this.loadedSha(sha));
      return { args: [name, args[1] ?? sub, ...shas], mapReply: identity };
    }
    return { args, mapReply: identity };
  }

  private load(original: string): { script: string; clientSha: string } {
    const script = rewriteLuaShebang(original);
    const clientSha = sha1Hex(original);
    if (script !== original) this.loadedShaByClientSha.set(clientSha, sha1Hex(script));
    return { script, clientSha };
  }

  private loadedSha(clientSha: string): string {
    return this.loadedShaByClientSha.get(clientSha.toLowerCase()) ?? clientSha;
  }
}

const OK = Buffer.from('OK');

/**
 * Turns a Redis reply into Upstash's JSON. With base64 on, every string is base64 except a
 * bare "OK", which Upstash sends as is and @upstash/redis special-cases when decoding.
 */
export function encodeReply(reply: RedisReply, base64: boolean): JsonReply {
  if (reply === null || reply === undefined) return null;
  if (typeof reply === 'number') return reply;
  if (Array.isArray(reply)) return reply.map((item) => encodeReply(item, base64));
  const bytes = reply instanceof Error ? Buffer.from(reply.message) : Buffer.from(reply);
  if (!base64) return bytes.toString('utf8');
  return bytes.equals(OK) ? 'OK' : bytes.toString('base64');
}
