import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { ADMIN_BASE } from '../helpers/merchant';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

describe('the staff schemas of the merchant document', () => {
  it('are exact: a nullable role or shop is a ref or null, and the shared components are not nullable', async () => {
    const doc = (await call(`http://storefront.test${ADMIN_BASE}/openapi.json`)).body as {
      components: { schemas: Record<string, Schema> };
    };
    const schemas = doc.components.schemas;
    const refOrNull = (name: string) => ({
      anyOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'null' }],
    });
    expect(schemas.Me?.properties?.role).toMatchObject(refOrNull('RoleRef'));
    expect(schemas.Session?.properties?.shop).toMatchObject(refOrNull('StaffShop'));
    expect(schemas.StaffMembership?.properties?.shop).toEqual({
      $ref: '#/components/schemas/StaffShop',
    });
    expect(schemas.StaffMembership?.properties?.role).toEqual({
      $ref: '#/components/schemas/RoleRef',
    });
    expect(schemas.StaffShop?.type).toBe('object');
    expect(schemas.RoleRef?.type).toBe('object');
    expect(JSON.stringify(schemas.Me)).not.toContain('allOf');
  });
});
