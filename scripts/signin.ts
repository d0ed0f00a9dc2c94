/**
 * `npm run signin -- <email>`: signs a customer of the demo shop in against the running
 * `npm run dev` and prints a customer token: it asks for a code, reads it from the mail
 * sink's JSON API and verifies it, as a theme would with the code the customer typed.
 *
 *   TOKEN=$(npm run -s signin -- demo@aurora.example)
 *   curl -H "x-api-key: $KEY" -H "authorization: Bearer $TOKEN" -H 'x-device-id: cli' \
 *     http://127.0.0.1:8787/access/api/v1/auth
 *
 * The token works only with the device id it was issued for (`--device`, default `cli`).
 * PORT, MAIL_PORT and STOREFRONT_KEY point it at another server or shop.
 */
import { parseArgs } from 'node:util';
import { DEMO_API_KEY } from './seed/keys';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { device: { type: 'string', default: 'cli' } },
});
const email = positionals[0]?.trim().toLowerCase() ?? '';
if (!email) {
  console.error('usage: npm run signin -- <email> [--device <id>]   (e.g. demo@aurora.example)');
  process.exit(2);
}
const device = values.device ?? 'cli';
const api = `http://127.0.0.1:${process.env.PORT ?? 8787}/access/api/v1`;
const mailSink = `http://127.0.0.1:${process.env.MAIL_PORT ?? 8025}`;
const headers = {
  'x-api-key': process.env.STOREFRONT_KEY ?? DEMO_API_KEY,
  'x-device-id': device,
  'content-type': 'application/json',
};

async function post(path: string, body: unknown) {
  const res = await fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) {
    const wait = res.headers.get('retry-after');
    throw new Error(
      `POST ${path}: ${res.status} ${json.code} ${json.message}${wait ? ` (retry in ${wait} s)` : ''}`,
    );
  }
  return json;
}

async function main() {
  const since = Date.now() - 1000;
  const requested = (await post('/auth', { email })) as { data: { id: string } };
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt++) {
    const emails = (await (await fetch(`${mailSink}/api/emails`)).json()) as Array<{
      to: string[];
      text?: string;
      createdAt: string;
    }>;
    const mail = emails.find((m) => m.to.includes(email) && Date.parse(m.createdAt) >= since);
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error(`no sign-in code for ${email} reached ${mailSink}`);
  const verified = (await post('/auth/verify', { email, id: requested.data.id, code })) as {
    token: string;
  };
  console.error(`Signed in ${email} with code ${code} (device id "${device}"). Token:`);
  console.log(verified.token);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    message.includes('fetch failed')
      ? `${message}: is \`npm run dev\` running on ${api}?`
      : message,
  );
  process.exit(1);
});
