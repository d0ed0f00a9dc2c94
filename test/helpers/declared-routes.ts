import type { z } from '@hono/zod-openapi';

type Content = { content?: Record<string, { schema?: z.ZodType }> };

/** A route as its declaration registers it: what the recorded-example checks read. */
export type DeclaredRoute = {
  operationId?: string;
  method: string;
  path: string;
  request?: { body?: Content };
  responses: Record<string, Content>;
};

/** Every route an application declares, with its zod schemas. */
export const declaredRoutes = (app: {
  openAPIRegistry: { definitions: ReadonlyArray<{ type: string; route?: unknown }> };
}): DeclaredRoute[] =>
  app.openAPIRegistry.definitions.flatMap((d) =>
    d.type === 'route' ? [d.route as DeclaredRoute] : [],
  );

/** What `schema` finds wrong with `value`, a line per issue (none when it fits). */
export const issuesOf = (schema: z.ZodType | undefined, value: unknown): string[] => {
  const result = schema?.safeParse(value);
  return result && !result.success
    ? result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    : [];
};
