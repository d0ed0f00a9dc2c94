/**
 * A streaming RFC 4180 reader over bytes. Quotes, commas and line breaks are ASCII, so the
 * bytes are scanned directly (UTF-8 stays intact) and every record knows its byte offsets:
 * an import is cut into slices of the stored file by them. Accepts LF, CRLF and CR line
 * ends, a UTF-8 byte order mark, and skips blank lines.
 */

/** One record: its fields, the line it starts on (1-based) and its bytes [start, end). */
export type CsvRecord = { fields: string[]; line: number; start: number; end: number };

/** The file is not valid CSV at `line`. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
/** One record may hold at most this many bytes (a runaway quote is caught at this size). */
export const MAX_RECORD_BYTES = 1024 * 1024;

const decoder = new TextDecoder('utf-8');

type Scan = { fields: string[]; next: number; lines: number } | null;

const isEnd = (byte: number | undefined) => byte === COMMA || byte === CR || byte === LF;

/** Scans one quoted field from `i` (at its opening quote); null when the bytes run out. */
function quoted(buf: Uint8Array, i: number, final: boolean, line: number) {
  let j = i + 1;
  let lines = 0;
  let escaped = false;
  for (;;) {
    const close = buf.indexOf(QUOTE, j);
    for (let k = j; k < (close < 0 ? buf.length : close); k++) if (buf[k] === LF) lines++;
    if (close < 0) {
      if (final) throw new CsvSyntaxError(line, 'A quoted field is never closed');
      return null;
    }
    if (close + 1 >= buf.length && !final) return null;
    if (buf[close + 1] === QUOTE) {
      escaped = true;
      j = close + 2;
      continue;
    }
    if (close + 1 < buf.length && !isEnd(buf[close + 1])) {
      throw new CsvSyntaxError(line + lines, 'A closing quote is followed by more text');
    }
    const text = decoder.decode(buf.subarray(i + 1, close));
    return { value: escaped ? text.replaceAll('""', '"') : text, next: close + 1, lines };
  }
}

/** Scans one record from `i`; null when it does not end within the bytes read so far. */
function scanRecord(buf: Uint8Array, i: number, final: boolean, line: number): Scan {
  const fields: string[] = [];
  let lines = 0;
  let at = i;
  for (;;) {
    if (buf[at] === QUOTE) {
      const field = quoted(buf, at, final, line + lines);
      if (!field) return null;
      fields.push(field.value);
      lines += field.lines;
      at = field.next;
    } else {
      let end = at;
      while (end < buf.length && !isEnd(buf[end])) {
        if (buf[end] === QUOTE) {
          throw new CsvSyntaxError(line + lines, 'A quote appears inside an unquoted field');
        }
        end++;
      }
      if (end >= buf.length && !final) return null;
      fields.push(decoder.decode(buf.subarray(at, end)));
      at = end;
    }
    if (at >= buf.length) return { fields, next: at, lines };
    if (buf[at] === COMMA) {
      at++;
      if (at >= buf.length && !final) return null;
      continue;
    }
    // A line end: CRLF, LF or CR.
    if (buf[at] === CR) {
      if (at + 1 >= buf.length && !final) return null;
      at += buf[at + 1] === LF ? 2 : 1;
    } else at++;
    return { fields, next: at, lines: lines + 1 };
  }
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** A blank line, or one of commas only (spreadsheets leave them at the end). */
const blank = (fields: string[]) => fields.every((field) => field === '');

/**
 * The records of a byte stream, in order. `offset` and `line` say where the stream starts
 * in the file (a slice read from the middle). Throws CsvSyntaxError naming the line.
 */
export async function* readCsv(
  stream: ReadableStream<Uint8Array>,
  position: { offset: number; line: number } = { offset: 0, line: 1 },
): AsyncGenerator<CsvRecord> {
  let pending: Uint8Array = new Uint8Array(0);
  let base = position.offset;
  let line = position.line;
  let first = position.offset === 0;
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    let buf = done ? pending : concat(pending, value);
    if (first && buf.length >= 3) {
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        buf = buf.subarray(3);
        base += 3;
      }
    }
    let i = 0;
    while (i < buf.length) {
      const scan = scanRecord(buf, i, done, line);
      if (!scan) break;
      if (scan.next - i > MAX_RECORD_BYTES) {
        throw new CsvSyntaxError(line, 'A record is longer than 1 MB (is a quote left open?)');
      }
      if (!blank(scan.fields)) {
        yield { fields: scan.fields, line, start: base + i, end: base + scan.next };
      }
      line += scan.lines;
      i = scan.next;
    }
    if (!done && buf.length - i > MAX_RECORD_BYTES) {
      throw new CsvSyntaxError(line, 'A record is longer than 1 MB (is a quote left open?)');
    }
    base += i;
    pending = buf.slice(i);
    if (done) return;
  }
}

/** The records of a string (tests, small inputs). */
export function readCsvText(text: string): AsyncGenerator<CsvRecord> {
  return readCsv(new Blob([text]).stream() as ReadableStream<Uint8Array>);
}
