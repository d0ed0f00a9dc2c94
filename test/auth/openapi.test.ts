import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/modules/auth/routes';
import { reviewRoutes } from '../../src/modules/reviews/routes';

type Operation = { operationId: string; security: Array<Record<string, unknown>> };

const documentOf = (router: typeof authRoutes) =>
  router.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: '1' } })
    .paths as Record<string, Record<string, Operation>>;

describe('OpenAPI declarations of the customer and review routes', () => {
  it('declare every route with its operation id and security', () => {
    const expected: Array<[typeof authRoutes, string, string, string, string[]]> = [
      [authRoutes, '/', 'post', 'requestSignInCode', ['ApiKey']],
      [authRoutes, '/verify', 'post', 'verifySignInCode', ['ApiKey']],
      [authRoutes, '/access', 'post', 'signInWithAccessLink', ['ApiKey']],
      [authRoutes, '/', 'get', 'getCustomer', ['ApiKey', 'CustomerToken']],
      [authRoutes, '/', 'patch', 'updateCustomer', ['ApiKey', 'CustomerToken']],
      [reviewRoutes, '/my', 'get', 'listMyReviews', ['ApiKey', 'CustomerToken']],
      [reviewRoutes, '/{productId}', 'get', 'listProductReviews', ['ApiKey']],
      [reviewRoutes, '/{productId}/summary', 'get', 'getReviewSummary', ['ApiKey']],
      [reviewRoutes, '/', 'post', 'createReview', ['ApiKey', 'CustomerToken']],
    ];
    for (const [router, path, method, operationId, schemes] of expected) {
      const operation = documentOf(router)[path]?.[method];
      expect(operation?.operationId, `${method} ${path}`).toBe(operationId);
      expect(Object.keys(operation?.security?.[0] ?? {}).sort()).toEqual(schemes.sort());
    }
  });
});
