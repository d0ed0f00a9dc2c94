import { randomBytes } from 'node:crypto';

/* Stripe's wire conventions, shared by the stand-in's resources: form-encoded parameters,
 * error shapes and object ids. */

export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

export type Reply = [status: number, body: unknown, headers?: Record<string, string>];
/** A parsed value, or the error Stripe answers instead. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reply: Reply };
export const refuse = (reply: Reply): { ok: false; reply: Reply } => ({ ok: false, reply });

export const stripeError = (
  status: number,
  message: string,
  extra: Record<string, string> = {},
): Reply => [status, { error: { type: 'invalid_request_error', message, ...extra } }];
export const missing = (param: string) =>
  refuse(
    stripeError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param }),
  );
export const invalid = (param: string, message: string) =>
  refuse(stripeError(400, message, { code: 'parameter_invalid', param }));

export const id = (prefix: string) =>
  `${prefix}_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Stripe's form encoding back into nested objects: `a[b][0][c]=v`. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Params | ParamValue[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? '');
      const container = node as Record<string, ParamValue>;
      if (last) container[segment] = value;
      else {
        container[segment] ??= nextIsIndex ? [] : {};
        node = container[segment] as Params | ParamValue[];
      }
    });
  }
  return root;
}

export const str = (v: ParamValue | undefined) => (typeof v === 'string' ? v : undefined);
export const obj = (v: ParamValue | undefined) =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
