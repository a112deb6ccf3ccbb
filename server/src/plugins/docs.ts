import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { LimitedSessionRule, RouteAccess } from './route-access';

/** Every path of the document is relative to this server URL. */
export const apiBase = '/api';

/** One tag per product area, in the viewer's order. */
const tags = [
  { name: 'health', description: 'Liveness of the server and its database.' },
  { name: 'tenancy', description: 'The app (tenant) of the host: settings, landing, companies.' },
  { name: 'auth', description: 'Sign-in, registration, sessions, password and account deletion.' },
  { name: 'profile', description: "The signed-in member's own profile." },
  { name: 'places', description: 'Stores, delivery areas and pickup schedules.' },
  { name: 'catalog', description: 'Products and their categories.' },
  { name: 'cart', description: "The member's shopping cart per place." },
  { name: 'programs', description: 'Benefit programs: membership, points, QR, raffles, polls.' },
  { name: 'promotions', description: 'Promotions of a program and their redemptions.' },
  { name: 'engagement', description: 'Events of the companies.' },
  { name: 'orders', description: 'Checkout, orders and their quotes.' },
  { name: 'payments', description: 'Card payment provider notifications (webhooks).' },
  { name: 'coupons', description: 'Coupon codes of a company.' },
  { name: 'subscriptions', description: 'Recurring orders.' },
  { name: 'staff', description: 'The staff console (a staff role on the tenant is required).' },
  { name: 'telemetry', description: 'Error reports of the web app from browsers.' },
  { name: 'media', description: "The store's uploaded images, served from its own origin." },
  {
    name: 'marketplace',
    description:
      'Stores that sign themselves up on a marketplace app (reviewed before they are public).',
  },
  {
    name: 'admin',
    description: "The back office (the store's OWNER or MANAGER role is required).",
  },
];

/** Optional alternatives are listed as the empty requirement `{}` (OpenAPI's way to say "or nothing"). */
const securityOf: Record<RouteAccess, Record<string, string[]>[]> = {
  public: [{ apiKey: [] }, {}],
  member: [{ apiKey: [], token: [] }, { token: [] }],
  staff: [{ apiKey: [], token: [] }, { token: [] }],
  admin: [{ apiKey: [], token: [] }, { token: [] }],
};

const staffNote =
  'Needs a staff role (`OWNER`, `MANAGER`, `STAFF` or `VALIDATOR`, each allowed its own operations) in a company of this tenant: `GET v5/staff/me/` tells which.';

const adminNote =
  'Needs the `OWNER` or `MANAGER` staff role in a company of this tenant (a MANAGER is refused the staff and money settings): `GET v5/admin/me/` tells which areas the user may open.';

/**
 * The operationId of a route, from its method and path: `GET /api/v5/me/programs/:uid/ledger/`
 * is `getMeProgramsByUidLedger` (version segments dropped, parameters as `By<Name>`). Stable as
 * long as the path is; a route may set `schema.operationId` itself, and a test refuses duplicates.
 */
export function operationIdOf(method: string, url: string): string {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = url
    .replace(new RegExp(`^${apiBase}(?=/)`), '')
    .split('/')
    .filter((segment) => segment && !/^v\d+$/.test(segment))
    .map((segment) => {
      const param = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
      if (param) return `By${pascal(param[1] ?? param[2])}`;
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

/** What a limited session may do on an operation (plugins/route-access.ts): `allowed`, `step-up` or `partly`. */
function limitedOf(config: { limitedSession?: LimitedSessionRule } | undefined): string {
  const rule = config?.limitedSession ?? 'step-up';
  return typeof rule === 'function' ? 'partly' : rule;
}

/**
 * zod schemas to JSON Schema, plus what the document derives for every operation in this one
 * place: its operationId, and its security from the route's access (plugins/route-access.ts).
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const access = input.route.config?.access;
  // Never guessed: plugins/route-access.ts gives every API route one as it is registered.
  if (!access) throw new Error(`${url} has no access: register routeAccessPlugin before the API`);
  const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
  const { description, response } = schema as {
    description?: string;
    response?: Record<string, unknown>;
  };
  return {
    url,
    schema: {
      operationId: operationIdOf(method, url),
      ...schema,
      // A 204 has no body: no content in the document (zod's null would read as a JSON null).
      ...(response?.['204']
        ? { response: { ...response, 204: { type: 'null', description: 'No content' } } }
        : {}),
      security: securityOf[access],
      'x-access': access,
      ...(access === 'public' ? {} : { 'x-limited-session': limitedOf(input.route.config) }),
      ...(access === 'staff' || access === 'admin'
        ? {
            description: [description, access === 'staff' ? staffNote : adminNote]
              .filter(Boolean)
              .join('\n\n'),
          }
        : {}),
    },
  };
};

type SchemaNode = { [key: string]: unknown };

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`, and zod's nullable union of objects (a
 * receipt request: boleta or factura) comes out as `oneOf` + `nullable` alone; every member being
 * an object, the union is one, so it says so.
 */
function typeNullableObjectUnions(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(typeNullableObjectUnions);
  const schema = node as SchemaNode;
  const members = (schema.oneOf ?? schema.anyOf) as SchemaNode[] | undefined;
  if (
    schema.nullable === true &&
    schema.type === undefined &&
    members?.every((member) => member.type === 'object')
  ) {
    schema.type = 'object';
  }
  Object.values(schema).forEach(typeNullableObjectUnions);
}

/** The self-describing OpenAPI document (JSON at /api/docs/json) and its viewer at /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'White-label store and loyalty API',
          description: [
            'Every call of the storefront and benefits web app and of the staff console.',
            '',
            "**Tenants.** One server answers many stores (apps). The tenant of a call is the app whose domain is the request's host name; a call from a host that is no tenant (server to server) names its app with the `API-KEY` header (the app key from `GET v7/apps/?domain=`). When both are given they must agree (else 403).",
            '',
            '**Sessions.** Sign-in answers a token; send it as `Authorization: Token <key>`. Operations whose security lists only `token` alternatives answer 401 without a valid session; staff operations also need a staff role (403 otherwise). A session made with a document number alone is limited: `x-limited-session` says what it may do on each operation (`allowed`; `step-up`: 403 `auth.step_up_required` until `POST v5/me/step-up/`; `partly`: see the operation). Public operations accept the token too and some answer more with it; a store without anonymous navigation answers visitors 401 on most of them.',
            '',
            '**Errors.** 400 bodies map fields to messages (`non_field_errors` for the rest); other errors are `{detail}`.',
          ].join('\n'),
          version: '1.0.0',
        },
        servers: [
          {
            url: apiBase,
            description:
              'This host: the tenant is the app of the host name, or of the `API-KEY` header when the host names none.',
          },
        ],
        tags,
        components: {
          securitySchemes: {
            apiKey: {
              type: 'apiKey',
              in: 'header',
              name: 'API-KEY',
              description:
                "The app key: names the tenant when the host name does not; must be the host's app's key when it does.",
            },
            token: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: '`Token <key>`, the session token of sign-in.',
            },
          },
        },
      },
      transform,
      transformObject: (documents) => {
        const document =
          'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
        typeNullableObjectUnions(document.paths);
        return document;
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Its own page policy, never framed; inline styles (the viewer sets some) but no inline
      // scripts; no https upgrade, which would break the viewer on the http demo.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(/style-src 'self' https:/, "style-src 'self' https: 'unsafe-inline'")
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'docs' },
);
