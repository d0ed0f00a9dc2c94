import { parseArgs } from 'node:util';
import { and, desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createResendMailer } from '../../src/adapters/mail';
import { auditRows } from '../../src/admin-kit/audit';
import type { WriteScope } from '../../src/admin-kit/write';
import type { Services } from '../../src/app-env';
import type { Db, Tx } from '../../src/db/client';
import * as s from '../../src/db/schema';
import { DEFAULT_MAIL_FROM } from '../../src/env';
import { shopColumns } from '../../src/identity/shops';
import {
  ensurePresetRoles,
  isPresetRoleKey,
  PRESET_ROLE_KEYS,
} from '../../src/identity/staff-roles';
import { createLogger } from '../../src/lib/log';
import { createInvite } from '../../src/modules/staff/service/invites';

/** The operator's changes are audited like the merchant's, with no key. */
const OPERATOR = { keyId: null, requestId: null, label: 'operator' };

/** The mail provider the CLI sends through (Resend's API, or the local mail sink). */
export type MailTarget = { apiKey: string; baseUrl?: string; from?: string };

/**
 * `staff invite --handle <shop> --email <email> --role owner [--url <origin>]`: invites
 * someone (the shop's first owner, typically) through the same service as POST /invites
 * and prints the link as well. With a mail provider known (`mail`), the email goes out at
 * once, through the outbox as the worker sends it; otherwise (or when sending fails) it
 * waits in the outbox for the worker's next scheduled run.
 */
export async function runStaff(
  argv: string[],
  url: string,
  mail: MailTarget | null = null,
): Promise<string> {
  const [command, ...rest] = argv;
  if (command !== 'invite') throw new Error('staff commands: invite');
  const { values } = parseArgs({
    args: rest,
    options: {
      handle: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      url: { type: 'string' },
    },
  });
  if (!values.handle) throw new Error('--handle is required');
  if (!values.email?.includes('@')) throw new Error('--email is required');
  const roleKey = values.role ?? 'owner';
  if (!isPresetRoleKey(roleKey)) throw new Error(`--role is one of ${PRESET_ROLE_KEYS.join(', ')}`);
  const origin = (
    values.url ??
    process.env.DASHBOARD_ORIGIN ??
    `http://127.0.0.1:${process.env.PORT ?? '8787'}`
  ).replace(/\/$/, '');
  const email = values.email.trim().toLowerCase();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const effects: Array<() => void> = [];
  try {
    const db = drizzle(client, { schema: s });
    const deferred: Array<Promise<unknown>> = [];
    const services = mail ? mailServices(db as unknown as Db, mail, deferred) : undefined;
    const { invite, link } = await db.transaction(async (pgTx) => {
      const tx = pgTx as unknown as Tx;
      const [shop] = await tx
        .select(shopColumns)
        .from(s.shops)
        .where(eq(s.shops.handle, values.handle ?? ''));
      if (!shop) throw new Error(`no shop with handle ${values.handle}`);
      await ensurePresetRoles(tx, shop.id);
      const [role] = await tx
        .select({ id: s.staffRoles.id })
        .from(s.staffRoles)
        .where(and(eq(s.staffRoles.shopId, shop.id), eq(s.staffRoles.key, roleKey)));
      if (!role) throw new Error(`no ${roleKey} role`);
      const scope: WriteScope = {
        tx,
        shop,
        services: services as Services,
        expectVersion: () => {},
        versioned: false,
        audit: async (...changes) => {
          await tx.insert(s.auditEvents).values(auditRows(shop.id, OPERATOR, changes));
        },
        afterCommit: (effect) => {
          if (services) effects.push(effect);
        },
        // The operator holds every scope.
        requireScope: () => {},
      };
      return createInvite(scope, {
        email,
        role_id: role.id,
        invitedBy: 'operator',
        origin,
        caller: null,
      });
    });
    for (const effect of effects) effect();
    // A failed delivery stays in the outbox for the worker's scheduled retries.
    await Promise.allSettled(deferred);
    const [queued] = await db
      .select({ status: s.emailOutbox.status })
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.to, email), eq(s.emailOutbox.kind, 'staff-invite')))
      .orderBy(desc(s.emailOutbox.createdAt))
      .limit(1);
    const sent =
      queued?.status === 'sent'
        ? 'The invite email is sent.'
        : "The invite email waits in the outbox for the worker's next scheduled run.";
    return `Invited ${invite.email} as ${invite.role.name} (expires ${invite.expires_at}).\n${sent}\nInvite link: ${link}`;
  } finally {
    await client.end();
  }
}

/** What the outbox's delivery reads of a request's services, for the CLI's process. */
function mailServices(db: Db, mail: MailTarget, deferred: Array<Promise<unknown>>) {
  return {
    database: { db },
    mailer: createResendMailer(mail.apiKey, mail.baseUrl),
    config: { MAIL_FROM: mail.from ?? DEFAULT_MAIL_FROM },
    log: createLogger({ command: 'staff invite' }),
    defer: (work: Promise<unknown>) => deferred.push(work),
    afterResponse: (work: (db: Db) => Promise<unknown>) => deferred.push(work(db)),
  } as unknown as Services;
}
