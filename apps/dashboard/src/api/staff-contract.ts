/**
 * The staff sign-in and session endpoints as the staff contract defines them, for the paths
 * the merchant OpenAPI document does not describe yet. The client (./client.ts) takes every
 * path the document has from the generated ./schema.ts; these fill only the gaps, and fall
 * away path by path as the document gains them.
 */

type ErrorBody = {
  status: 'error';
  code: string;
  message: string;
  requestId: string;
  details?: { field: string; message: string }[];
};

export type ShopRef = { id: string; handle: string; name: string };
export type RoleRef = { id: string; name: string; key: string | null };
export type Membership = { shop: ShopRef; role: RoleRef };

export type StaffSessionBody = {
  object: 'session';
  id: string;
  created_at: string;
  expires_at: string;
  staff: { email: string; name: string };
  shop: ShopRef | null;
  memberships: Membership[];
};

export type Me = {
  object: 'me';
  actor:
    | { type: 'staff'; id: string; email: string; name: string }
    | { type: 'key'; id: string; name: string; prefix: string };
  shop: ShopRef & { currency: string; storefront_url: string | null };
  role: RoleRef | null;
  scopes: string[];
  memberships?: Membership[];
};

export type InvitePreview = {
  object: 'invite_preview';
  email: string;
  shop: ShopRef;
  role: { id: string; name: string };
  expires_at: string;
};

export type StaffSessionItem = {
  object: 'staff_session';
  id: string;
  current: boolean;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  user_agent: string | null;
  ip_network: string | null;
};

type NoHeader = { query?: never; header?: never; path?: never; cookie?: never };
type Reply<Status extends number, Body> = {
  [S in Status]: { headers: { [name: string]: unknown }; content: { 'application/json': Body } };
};
type NoContent = { 204: { headers: { [name: string]: unknown }; content?: never } };
type Errors = {
  default: { headers: { [name: string]: unknown }; content: { 'application/json': ErrorBody } };
};
type Write<Body> = { content: { 'application/json': Body } };
type Idempotent = { 'idempotency-key'?: string };

type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type PathItem<Methods> = { parameters: NoHeader } & {
  [M in Exclude<Method, keyof Methods>]?: never;
} & Methods;

export type StaffPaths = {
  '/auth/code': PathItem<{
    post: {
      parameters: { query?: never; header?: Idempotent; path?: never; cookie?: never };
      requestBody: Write<{ email: string }>;
      responses: Reply<202, { object: 'sign_in_code'; email: string; expires_in: number }> & Errors;
    };
  }>;
  '/auth/verify': PathItem<{
    post: {
      parameters: { query?: never; header?: Idempotent; path?: never; cookie?: never };
      requestBody: Write<{ email: string; code: string }>;
      responses: Reply<200, StaffSessionBody> & Errors;
    };
  }>;
  '/auth/sign-out': PathItem<{
    post: {
      parameters: { query?: never; header?: Idempotent; path?: never; cookie?: never };
      requestBody?: never;
      responses: NoContent & Errors;
    };
  }>;
  '/auth/shop': PathItem<{
    post: {
      parameters: { query?: never; header?: Idempotent; path?: never; cookie?: never };
      requestBody: Write<{ shop: string }>;
      responses: Reply<200, StaffSessionBody> & Errors;
    };
  }>;
  '/invites/accept': PathItem<{
    get: {
      parameters: { query: { token: string }; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: Reply<200, InvitePreview> & Errors;
    };
    post: {
      parameters: { query?: never; header?: Idempotent; path?: never; cookie?: never };
      requestBody: Write<{ token: string; name: string }>;
      responses: Reply<200, StaffSessionBody> & Errors;
    };
  }>;
  '/me': PathItem<{
    get: {
      parameters: NoHeader;
      requestBody?: never;
      responses: Reply<200, Me> & Errors;
    };
  }>;
  '/sessions': PathItem<{
    get: {
      parameters: NoHeader;
      requestBody?: never;
      responses: Reply<200, { object: 'list'; data: StaffSessionItem[]; has_more: boolean }> &
        Errors;
    };
    delete: {
      parameters: { query?: never; header?: Idempotent; path?: never; cookie?: never };
      requestBody?: never;
      responses: NoContent & Errors;
    };
  }>;
  '/sessions/{id}': PathItem<{
    delete: {
      parameters: { query?: never; header?: Idempotent; path: { id: string }; cookie?: never };
      requestBody?: never;
      responses: NoContent & Errors;
    };
  }>;
};
