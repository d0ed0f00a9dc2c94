import { Resend } from 'resend';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../../scripts/local/mail-sink';
import { createResendMailer } from '../../src/adapters/mail';

let sink: MailSink;
let resend: Resend;

const order = {
  from: 'Shop <shop@example.com>',
  to: ['buyer@example.com'],
  subject: 'Order #1001',
  html: '<p>Thanks for your order</p>',
  text: 'Thanks for your order',
};

beforeAll(async () => {
  sink = await startMailSink();
  resend = new Resend('re_local_test', { baseUrl: sink.url });
});

afterAll(async () => {
  await sink?.close();
});

beforeEach(() => sink.clear());

interface ListedEmail {
  id: string;
  to: string[];
  from: string;
  subject: string;
  html: string | null;
  text: string | null;
  createdAt: string;
}

async function listed(): Promise<ListedEmail[]> {
  return (await (await fetch(`${sink.url}/api/emails`)).json()) as ListedEmail[];
}

describe('the Resend API as the SDK calls it', () => {
  it('accepts an email, answers with an id and keeps the message', async () => {
    const { data, error } = await resend.emails.send({ ...order, to: 'buyer@example.com' });
    expect(error).toBeNull();
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sink.messages()).toMatchObject([
      { id: data?.id, to: ['buyer@example.com'], subject: 'Order #1001' },
    ]);
    const fetched = await resend.emails.get(data?.id ?? '');
    expect(fetched.data).toMatchObject({ object: 'email', id: data?.id, subject: 'Order #1001' });
  });

  it('replays a repeated idempotency key without sending again, refuses a changed payload', async () => {
    const first = await resend.emails.send(order, { idempotencyKey: 'order-1001' });
    const again = await resend.emails.send(order, { idempotencyKey: 'order-1001' });
    expect(again.data?.id).toBe(first.data?.id);
    expect(sink.messages()).toHaveLength(1);
    const changed = await resend.emails.send(
      { ...order, subject: 'Other' },
      { idempotencyKey: 'order-1001' },
    );
    expect(changed.error).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
    expect(sink.messages()).toHaveLength(1);
  });

  it('validates like Resend: missing fields and bad addresses are 422 and nothing is kept', async () => {
    const withoutSubject = await resend.emails.send({ ...order, subject: '' });
    expect(withoutSubject.error).toEqual({
      statusCode: 422,
      name: 'missing_required_field',
      message: 'Missing `subject` field.',
    });
    const { from: _from, ...withoutFrom } = order;
    const noFrom = await resend.post('/emails', withoutFrom);
    expect(noFrom.error).toMatchObject({ statusCode: 422, message: 'Missing `from` field.' });
    const badTo = await resend.emails.send({ ...order, to: ['not-an-address'] });
    expect(badTo.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(sink.messages()).toEqual([]);
  });

  it('checks the API key like Resend', async () => {
    const wrongKey = await new Resend('sk_live_x', { baseUrl: sink.url }).emails.send(order);
    expect(wrongKey.error).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
    const noKey = await fetch(`${sink.url}/emails`, {
      method: 'POST',
      body: JSON.stringify(order),
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ name: 'missing_api_key' });
  });

  it('sends batches, refusing the whole batch for one bad email unless permissive', async () => {
    const batch = await resend.batch.send([order, { ...order, to: ['second@example.com'] }]);
    expect(batch.data?.data).toHaveLength(2);
    const strict = await resend.batch.send([order, { ...order, subject: '' }]);
    expect(strict.error).toMatchObject({ statusCode: 422, name: 'missing_required_field' });
    expect(sink.messages()).toHaveLength(2);
    const permissive = await resend.batch.send([order, { ...order, subject: '' }], {
      batchValidation: 'permissive',
    });
    expect(permissive.data?.data).toHaveLength(1);
    expect(permissive.data?.errors).toEqual([{ index: 1, message: 'Missing `subject` field.' }]);
  });
});

describe("the worker's mailer against the same API", () => {
  const email = {
    from: order.from,
    to: 'buyer@example.com',
    subject: order.subject,
    html: order.html,
    text: order.text,
    idempotencyKey: 'outbox-row-1',
  };

  it('sends an email and returns the id the API gave it', async () => {
    const { id } = await createResendMailer('re_local_test', sink.url).send(email);
    expect(sink.messages()).toMatchObject([
      { id, to: ['buyer@example.com'], from: order.from, subject: 'Order #1001' },
    ]);
  });

  it('sends a retried outbox row once: the same idempotency key replays the first id', async () => {
    const mailer = createResendMailer('re_local_test', `${sink.url}/`);
    const first = await mailer.send(email);
    const retried = await mailer.send(email);
    expect(retried.id).toBe(first.id);
    expect(sink.messages()).toHaveLength(1);
  });

  it("throws the provider's reason on a refusal, so the outbox keeps the row", async () => {
    await expect(
      createResendMailer('re_local_test', sink.url).send({ ...email, from: 'not an address' }),
    ).rejects.toThrow(/mail provider refused \(422\)/);
    await expect(createResendMailer('', sink.url).send(email)).rejects.toThrow(
      /mail provider refused \(401\)/,
    );
    expect(sink.messages()).toHaveLength(0);
  });
});

describe('the sink for people and tests', () => {
  it('lists emails newest first at /api/emails and empties the box on DELETE', async () => {
    await resend.emails.send({ ...order, subject: 'first' });
    await resend.emails.send({ ...order, subject: 'second' });
    const emails = await listed();
    expect(emails.map((e) => e.subject)).toEqual(['second', 'first']);
    expect(Object.keys(emails[0] ?? {}).sort()).toEqual(
      ['createdAt', 'from', 'html', 'id', 'subject', 'text', 'to'].sort(),
    );
    expect(emails[0]).toMatchObject({ to: ['buyer@example.com'], from: 'Shop <shop@example.com>' });
    expect((await fetch(`${sink.url}/api/emails`, { method: 'DELETE' })).status).toBe(204);
    expect(await listed()).toEqual([]);
  });

  it('escapes everything it shows in HTML', async () => {
    const hostile = '<script>alert("x")</script> & co';
    const { data, error } = await resend.emails.send({
      ...order,
      from: 'Tom & "Jerry" <tom@example.com>',
      to: ["o'brien@example.com"],
      subject: hostile,
      html: '<img src=x onerror="alert(1)"><b>bold</b>',
      text: '<i>not markup</i>',
    });
    expect(error).toBeNull();
    const inbox = await fetch(`${sink.url}/`);
    expect(inbox.headers.get('content-security-policy')).toContain("script-src 'none'");
    const list = await inbox.text();
    expect(list).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(list).toContain('o&#39;brien@example.com');
    expect(list).not.toContain('<script>');
    expect(list).toContain(`href="/messages/${data?.id}"`);

    const page = await (await fetch(`${sink.url}/messages/${data?.id}`)).text();
    expect(page).toContain('Tom &amp; &quot;Jerry&quot; &lt;tom@example.com&gt;');
    expect(page).toContain('<iframe sandbox');
    expect(page).toContain(
      'srcdoc="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;bold&lt;/b&gt;"',
    );
    expect(page).toContain('<pre>&lt;i&gt;not markup&lt;/i&gt;</pre>');
    expect(page).not.toContain('<script>');
    expect((await fetch(`${sink.url}/messages/unknown`)).status).toBe(404);
  });
});
