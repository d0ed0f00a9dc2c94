import { beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_SCOPES, type MerchantScope } from '../../src/identity/merchant-scopes';
import { SESSION_COOKIE } from '../../src/identity/staff-sessions';
import { expectError } from './api';
import {
  createFixtures,
  expectNoCors,
  expectOtherShopKeptOut,
  type Operation,
  scopesLacking,
  sendOperation,
} from './route-table';
import { createTestShop, type TestShop } from './shop-factory';
import { createStaffRole, createStaffSession, ORIGIN, signedInStaff } from './staff';

/** The sessions every route is tried with: one world per test file (nothing here writes to it). */
type SessionWorld = {
  victim: TestShop;
  fixtures: Record<string, string>;
  /** The victim's owner: every scope. */
  owner: string;
  expired: string;
  idle: string;
  ended: string;
  /** The owner signed in but on no shop yet. */
  unpicked: string;
  /** A session on the victim's shop of a person who is no member of it. */
  notMember: string;
  /** Another shop's owner, on that shop. */
  otherShop: string;
  lacking: Map<MerchantScope, string>;
  readOnly: string;
};

async function createSessionWorld(operations: Operation[]): Promise<SessionWorld> {
  const victim = await createTestShop();
  const fixtures = await createFixtures(victim);
  const owner = await signedInStaff(victim, { roleKey: 'owner' });
  const session = (state: 'expired' | 'idle' | 'ended') =>
    createStaffSession(owner.personId, victim.id, state).then((x) => x.cookie);
  const other = await signedInStaff(await createTestShop(), { roleKey: 'owner' });
  const lacking = new Map<MerchantScope, string>();
  for (const scope of new Set(operations.flatMap((op) => (op.scope ? [op.scope] : [])))) {
    const role = await createStaffRole(victim, scopesLacking(scope));
    lacking.set(scope, (await signedInStaff(victim, { roleId: role.id })).cookie);
  }
  const readRole = await createStaffRole(
    victim,
    MERCHANT_SCOPES.filter((scope) => scope.endsWith(':read')),
  );
  return {
    victim,
    fixtures,
    owner: owner.cookie,
    expired: await session('expired'),
    idle: await session('idle'),
    ended: await session('ended'),
    unpicked: (await createStaffSession(owner.personId, null)).cookie,
    notMember: (await createStaffSession(other.personId, victim.id)).cookie,
    otherShop: other.cookie,
    lacking,
    readOnly: (await signedInStaff(victim, { roleId: readRole.id })).cookie,
  };
}

/** A browser on the dashboard's origin: the cookie, `Origin` and `Sec-Fetch-Site`. */
const sameOrigin = (cookie: string) => ({
  cookie,
  origin: ORIGIN,
  'sec-fetch-site': 'same-origin',
});

/**
 * Every check of one operation with staff sessions: no cookie, an unknown, expired, idle or
 * ended session (401), one that picked no shop (409), a session on the shop of someone who
 * is no member (401), another shop's session (its own shop only), a role without the scope
 * (403), and CSRF: an unsafe method needs a same-origin `Origin` or, without `Origin`,
 * `Sec-Fetch-Site: same-origin` (403 CSRF_ORIGIN_MISMATCH). No answer carries CORS headers, and
 * every answer carries `Cache-Control: no-store`.
 */
export function describeSessionChecks(operations: Operation[]) {
  describe('with a staff session', () => {
    let w: SessionWorld;

    beforeAll(async () => {
      w = await createSessionWorld(operations);
    });

    describe.each(operations)('$method $path ($name, $scope)', (op) => {
      const send = (headers: Record<string, string>) => sendOperation(op, w.fixtures, headers);
      const unsafe = op.method !== 'GET';

      it('refuses a browser without a session cookie, or with an unknown one', async () => {
        expectError(
          await send({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' }),
          401,
          'STAFF_SESSION_MISSING',
        );
        const unknown = `${SESSION_COOKIE}=${crypto.randomUUID().replaceAll('-', '')}`;
        expectError(await send(sameOrigin(unknown)), 401, 'STAFF_SESSION_INVALID');
      });

      it('answers with Cache-Control: no-store, served or refused', async () => {
        // A read is answered to the owner; an unsafe call is refused before it writes (CSRF).
        const res = await send(unsafe ? { cookie: w.owner } : sameOrigin(w.owner));
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('cache-control') ?? '').toMatch(/\bno-store\b/);
      });

      it('refuses an expired, idle or ended (signed-out) session', async () => {
        expectError(await send(sameOrigin(w.expired)), 401, 'STAFF_SESSION_EXPIRED');
        expectError(await send(sameOrigin(w.idle)), 401, 'STAFF_SESSION_EXPIRED');
        expectError(await send(sameOrigin(w.ended)), 401, 'STAFF_SESSION_INVALID');
      });

      it("keeps other people and shops out: a non-member's session, another shop's session", async () => {
        if (op.personal) {
          // A person's own routes need no shop; nothing of another shop is reachable here.
          return;
        }
        expectError(await send(sameOrigin(w.unpicked)), 409, 'SHOP_NOT_SELECTED');
        expectError(await send(sameOrigin(w.notMember)), 401, 'STAFF_SESSION_INVALID');
        const res = await send(sameOrigin(w.otherShop));
        expectNoCors(res.headers);
        await expectOtherShopKeptOut(res, op, w.victim, w.fixtures);
      });

      it('refuses a role without the scope, after CSRF passed by Origin or by Sec-Fetch-Site', async () => {
        if (!op.scope) return; // any member of the shop may call it
        const lacking = w.lacking.get(op.scope);
        if (!lacking) throw new Error(`no role for ${op.scope}`);
        expectError(await send(sameOrigin(lacking)), 403, 'MERCHANT_SCOPE_MISSING');
        if (unsafe) {
          // No Origin, only Sec-Fetch-Site: same-origin: CSRF passes, the read-only role does not.
          const res = await send({ cookie: w.readOnly, 'sec-fetch-site': 'same-origin' });
          expectError(res, 403, 'MERCHANT_SCOPE_MISSING');
        }
      });

      it('refuses an unsafe method without a same-origin Origin (CSRF), and sends no CORS headers', async () => {
        if (!unsafe) {
          // A read is no CSRF risk: it answers, but never to another origin's script.
          const res = await send({ cookie: w.owner, origin: 'https://evil.example' });
          expect(res.status).toBeLessThan(500);
          expect(res.body?.code).not.toBe('CSRF_ORIGIN_MISMATCH');
          expectNoCors(res.headers);
          return;
        }
        const refused: Array<Record<string, string>> = [
          { cookie: w.owner },
          { cookie: w.owner, origin: 'https://evil.example' },
          { cookie: w.owner, origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
          { cookie: w.owner, 'sec-fetch-site': 'cross-site' },
        ];
        for (const headers of refused) {
          const res = await send(headers);
          expectError(res, 403, 'CSRF_ORIGIN_MISMATCH');
          expectNoCors(res.headers);
        }
      });
    });
  });
}
