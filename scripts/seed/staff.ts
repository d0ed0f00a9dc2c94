import { and, eq, inArray } from 'drizzle-orm';
import * as s from '../../src/db/schema';
import { PRESET_ROLE_KEYS, PRESET_ROLES, type PresetRoleKey } from '../../src/identity/staff-roles';
import type { SeedDb } from './index';

/** The demo shop's staff: its owner, and an editor with a narrower role. Codes go to the mail sink. */
export const DEMO_STAFF: Array<{ email: string; name: string; role: PresetRoleKey }> = [
  { email: 'owner@aurora.example', name: 'Olivia Owner', role: 'owner' },
  { email: 'editor@aurora.example', name: 'Eddie Editor', role: 'catalogue_editor' },
];

export const DEMO_OWNER_EMAIL = 'owner@aurora.example';

/** The shop's preset roles and the demo staff, active, as if they had accepted their invites. */
export async function seedStaff(db: SeedDb, shopId: string): Promise<void> {
  await db
    .insert(s.staffRoles)
    .values(
      PRESET_ROLE_KEYS.map((key) => ({
        shopId,
        key,
        name: PRESET_ROLES[key].name,
        scopes: PRESET_ROLES[key].scopes,
      })),
    )
    .onConflictDoNothing();
  const roles = await db.select().from(s.staffRoles).where(eq(s.staffRoles.shopId, shopId));
  await db
    .insert(s.staffPeople)
    .values(DEMO_STAFF.map(({ email, name }) => ({ email, name })))
    .onConflictDoNothing();
  const people = await db
    .select()
    .from(s.staffPeople)
    .where(
      inArray(
        s.staffPeople.email,
        DEMO_STAFF.map((m) => m.email),
      ),
    );
  for (const member of DEMO_STAFF) {
    const person = people.find((p) => p.email === member.email);
    const role = roles.find((r) => r.key === member.role);
    if (!person || !role) throw new Error(`could not seed ${member.email}`);
    await db
      .insert(s.staffMembers)
      .values({ shopId, personId: person.id, roleId: role.id, status: 'active' })
      .onConflictDoNothing();
    await db
      .update(s.staffMembers)
      .set({ roleId: role.id, status: 'active' })
      .where(and(eq(s.staffMembers.shopId, shopId), eq(s.staffMembers.personId, person.id)));
  }
}
