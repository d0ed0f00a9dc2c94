import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import {
  type CustomerWorld,
  callProtected,
  createCustomerWorld,
  customerTokenRoutes,
  PROTECTED_CASES,
} from '../helpers/security-suite';

const routes = customerTokenRoutes();

describe('every route that requires a customer token', () => {
  let world: CustomerWorld;

  beforeAll(async () => {
    world = await createCustomerWorld();
  });

  it('is read from the route table, and each has a case in the suite', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const missing = routes.filter((r) => !PROTECTED_CASES[r.operationId]);
    expect(missing).toEqual([]);
  });

  describe.each(routes)('$method $path ($operationId)', (route) => {
    it('refuses a request without a token', async () => {
      expectError(await callProtected(route, world, {}), 401, 'AUTH_TOKEN_MISSING');
    });

    it('refuses a garbage token', async () => {
      const res = await callProtected(route, world, { token: 'not.a.token' });
      expectError(res, 401, 'AUTH_TOKEN_INVALID');
    });

    it("refuses another shop's valid token", async () => {
      const { token, deviceId } = world.foreigner;
      expectError(
        await callProtected(route, world, { token, deviceId }),
        401,
        'AUTH_TOKEN_INVALID',
      );
    });

    it("never serves another customer's resource", async () => {
      const { token, deviceId } = world.stranger;
      const res = await callProtected(route, world, { token, deviceId });
      await PROTECTED_CASES[route.operationId]?.strangerSees(res, world);
    });
  });
});
