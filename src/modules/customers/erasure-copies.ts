import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { escapeHtml } from '../../lib/html';

/** Whose data is erased: the customer's row as it is before the erasure. */
type Erased = { id: string; email: string; name: string; phone: string };

/** What stands in for an erased name or phone inside a copy (an email gets the placeholder). */
const ERASED = '[erased]';

/** A string as it appears inside JSON text, without its quotes. */
const inJson = (value: string) => JSON.stringify(value).slice(1, -1);

/** `text` with each `[from, to]` replaced in turn; pairs whose `from` is empty are skipped. */
function replaced(text: SQL, pairs: Array<[string, string]>): SQL {
  return pairs
    .filter(([from]) => from !== '')
    .reduce((expr, [from, to]) => sql`replace(${expr}, ${from}, ${to})`, text);
}

type Copy = {
  table: string;
  column: string;
  type: 'json' | 'jsonb';
  /** The id of the resource a row is a copy of, as text (matched against theirs). */
  resourceId: SQL;
};

/**
 * The copies of merchant API answers and events, each a JSON document that may hold a
 * customer's data: idempotent answers (replayed for 24 hours), webhook events (replayable
 * without a time limit), audit records.
 */
const COPIES: Copy[] = [
  {
    table: 'idempotency_keys',
    column: 'response',
    type: 'json',
    resourceId: sql.raw(`(response::jsonb ->> 'id')`),
  },
  {
    table: 'webhook_events',
    column: 'data',
    type: 'jsonb',
    resourceId: sql.raw(`(data ->> 'id')`),
  },
  { table: 'audit_events', column: 'changes', type: 'jsonb', resourceId: sql.raw('resource_id') },
];

/** Their email, names and phones: the profile's and those given on their orders. */
async function valuesOf(tx: Tx, shopId: string, customer: Erased, theirs: SQL) {
  const result = await tx.execute(sql`select
      coalesce(array_agg(distinct o.email), '{}') as emails,
      coalesce(array_agg(distinct o.name), '{}') as names,
      coalesce(array_agg(distinct o.phone), '{}') as phones
    from orders o where o.shop_id = ${shopId} and o.id::text in ${theirs}`);
  const row = result.rows[0] as { emails: string[]; names: string[]; phones: string[] } | undefined;
  const distinct = (list: string[]) => [...new Set(list.filter((v) => v.trim() !== ''))];
  return {
    emails: distinct([customer.email, ...(row?.emails ?? [])]),
    names: distinct([customer.name, ...(row?.names ?? [])]),
    phones: distinct([customer.phone, ...(row?.phones ?? [])]),
  };
}

/**
 * Erases a customer's email, name and phone from every copy the shop keeps of them, in the
 * erasure's transaction, before the originals change: stored answers, webhook events and
 * audit records about the customer or their orders, or that name their email; and emails in
 * the outbox: those to them are deleted, those about them (the merchant's new-order notice)
 * keep their place in the log with the data replaced. The values are the profile's and those
 * given on their orders. Inside JSON an email is replaced wherever it occurs (it is
 * distinctive); a name or phone where it is a whole value, so another customer's "Ann" inside
 * "Annual" is never touched.
 */
export async function eraseCopies(
  tx: Tx,
  shopId: string,
  customer: Erased,
  placeholder: string,
): Promise<void> {
  const theirs = sql`(select o.id::text from orders o where o.shop_id = ${shopId}
    and (o.customer_id = ${customer.id} or lower(o.email) = ${customer.email})
    union all select ${customer.id}::text)`;
  const { emails, names, phones } = await valuesOf(tx, shopId, customer, theirs);
  const jsonPairs: Array<[string, string]> = [
    ...emails.map((email): [string, string] => [inJson(email), inJson(placeholder)]),
    ...[...names, ...phones].map((v): [string, string] => [JSON.stringify(v), '""']),
  ];
  const naming = (text: SQL, form: (v: string) => string = inJson) =>
    sql.join(
      emails.map((email) => sql`strpos(${text}, ${form(email)}) > 0`),
      sql` or `,
    );
  for (const copy of COPIES) {
    const column = sql.raw(copy.column);
    await tx.execute(sql`update ${sql.raw(copy.table)}
      set ${column} = ${replaced(sql`${column}::text`, jsonPairs)}::${sql.raw(copy.type)}
      where shop_id = ${shopId} and ${column} is not null
        and (${naming(sql`${column}::text`)} or ${copy.resourceId} in ${theirs})`);
  }
  const lowered = emails.map((email) => email.toLowerCase());
  await tx.execute(sql`delete from email_outbox where shop_id = ${shopId}
    and lower("to") in (${sql.join(
      lowered.map((email) => sql`${email}`),
      sql`, `,
    )})`);
  const textPairs: Array<[string, string]> = [
    ...emails.map((email): [string, string] => [email, placeholder]),
    ...[...names, ...phones].map((v): [string, string] => [v, ERASED]),
  ];
  const htmlPairs = textPairs.map(([from, to]): [string, string] => [escapeHtml(from), to]);
  const plain = (v: string) => v;
  await tx.execute(sql`update email_outbox set
      subject = ${replaced(sql`subject`, textPairs)},
      text = ${replaced(sql`text`, textPairs)},
      html = ${replaced(sql`html`, htmlPairs)},
      updated_at = now()
    where shop_id = ${shopId} and (${naming(sql`text`, plain)}
      or ${naming(sql`html`, escapeHtml)} or ${naming(sql`subject`, plain)})`);
}
