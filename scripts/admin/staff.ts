import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { auditRows } from '../../src/admin-kit/audit';
import type { WriteScope } from '../../src/admin-kit/write';
import type { Tx } from '../../src/db/client';
import * as s from '../../src/db/schema';
import { shopColumns } from '../../src/identity/shops';
import {
  ensurePresetRoles,
  isPresetRoleKey,
  PRESET_ROLE_KEYS,
} from '../../src/identity/staff-roles';
import { createInvite } from '../../src/modules/staff/service/invites';

/** The operator's changes are audited like the merchant's, with no key. */
const OPERATOR = { keyId: null, requestId: null, label: 'operator' };

/**
 * `staff invite --handle <shop> --email <email> --role owner [--url <origin>]`: invites
 * someone (the shop's first owner, typically) through the same service as POST /invites;
 * prints the link as well, since the email may not be read yet. The running worker sends
 * the queued email on its next scheduled run.
 */
export async function runStaff(argv: string[], url: string): Promise<string> {
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
  const origin = (values.url ?? `http://127.0.0.1:${process.env.PORT ?? '8787'}`).replace(
    /\/$/,
    '',
  );
  const email = values.email.trim().toLowerCase();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzle(client, { schema: s });
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
        services: undefined as never,
        expectVersion: () => {},
        audit: async (...changes) => {
          await tx.insert(s.auditEvents).values(auditRows(shop.id, OPERATOR, changes));
        },
        // The email waits in the outbox for the worker's next scheduled delivery.
        afterCommit: () => {},
      };
      return createInvite(scope, {
        email,
        role_id: role.id,
        invitedBy: 'operator',
        origin,
        caller: null,
      });
    });
    return `Invited ${invite.email} as ${invite.role.name} (expires ${invite.expires_at}).\nInvite link: ${link}`;
  } finally {
    await client.end();
  }
}
