import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isErrorCode } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { apiPaths } from './support/openapi';
import { registerMember } from './support/accounts';

/**
 * Property-based fuzz of every route of the OpenAPI document: generated path
 * params, query strings, bodies (mostly shaped like the documented schema,
 * with hostile values mixed in) and headers, as an anonymous visitor and as a
 * logged-in member. No answer may be a 5xx; a 400 is `{field: [messages]}`
 * and any other 4xx is `{detail}`, each message with its catalogued code. Bounded so CI stays fast: FUZZ_SECONDS
 * (default 30) shared by all routes, FUZZ_RUNS (default 60) per route at most
 * and 8 at least;
 * FUZZ_SEED replays a run.
 */
const FUZZ_SECONDS = Number(process.env.FUZZ_SECONDS) || 30;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 60;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const MIN_RUNS = 8;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};
type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
type Operation = { method: string; path: string; parameters: Parameter[]; body?: JsonSchema };

let t: TestApp;
let operations: Operation[] = [];
/** Real ids and values of the demo tenant, so generated requests reach past "not found". */
const known = {
  uids: [] as string[],
  strings: ['localhost', 'aurora', 'CAFE10', 'demo@aurora.pe', 'Aurora2026!'],
};
type Role = 'anonymous' | 'member' | 'owner';
/** A new member, and the demo store's owner (staff routes); renewed when a fuzzed call ends the session. */
const sessions: Record<
  Exclude<Role, 'anonymous'>,
  { auth: Record<string, string>; stale: boolean }
> = {
  member: { auth: {}, stale: true },
  owner: { auth: {}, stale: true },
};
const statuses = new Map<number, number>();

// Strings that broke servers before: NUL bytes, lone surrogates, huge and numeric-looking text, SQL and path tricks.
const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '🙂',
  '%',
  '%00',
  '..',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'null',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
  '2026-02-30',
  '24:61',
  '-0.00',
  '1.005',
  '999999999999.99',
];

const hostileString = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const hostileNumber = fc.constantFrom(
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** Mostly values of the schema's shape (so validation passes and handlers run), sometimes junk. */
function fromSchema(
  schema: JsonSchema | undefined,
  name = '',
  depth = 0,
  junkWeight = 1,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return junk;
  let good: fc.Arbitrary<unknown>;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (schema.const !== undefined) good = fc.constant(schema.const);
  else if (schema.enum?.length) good = fc.constantFrom(...schema.enum);
  else if (variants?.length)
    good = fc.oneof(...variants.map((v) => fromSchema(v, name, depth + 1, junkWeight)));
  else {
    const kinds = types(schema).filter((k) => k !== 'null');
    const arbitraries = kinds.map((kind) => byKind(kind, schema, name, depth, junkWeight));
    if (schema.nullable || types(schema).includes('null')) arbitraries.push(fc.constant(null));
    good = arbitraries.length ? fc.oneof(...arbitraries) : junk;
  }
  return junkWeight
    ? fc.oneof({ weight: 8, arbitrary: good }, { weight: junkWeight, arbitrary: junk })
    : good;
}

function byKind(
  kind: string,
  schema: JsonSchema,
  name: string,
  depth: number,
  junkWeight: number,
): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'string': {
      const looksLikeUid =
        schema.format === 'uuid' ||
        /uid|program|place|poll|promotion|area|company|category|payment|product/i.test(name);
      const choices: fc.Arbitrary<unknown>[] = [
        fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 60) }),
        fc.constantFrom(...known.strings),
        hostileString,
      ];
      if (looksLikeUid)
        choices.push(fc.constantFrom(...known.uids), fc.constantFrom(...known.uids), fc.uuid());
      if (schema.pattern?.includes('\\d{4}-'))
        choices.push(
          fc
            .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        );
      if (schema.format === 'date-time')
        choices.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
      if (schema.format === 'email' || /email/.test(name)) choices.push(fc.emailAddress());
      if (/price|total|amount/.test(name))
        choices.push(fc.integer({ min: -1000, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)));
      return fc.oneof(...choices);
    }
    case 'integer':
      return fc.oneof(
        fc.integer({
          min: Math.max(schema.minimum ?? -1000, -1e9),
          max: Math.min(schema.maximum ?? 1000, 1e9),
        }),
        hostileNumber,
      );
    case 'number':
      return fc.oneof(
        fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
        }),
        hostileNumber,
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, name, depth + 1, junkWeight), { maxLength: 4 });
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      const record = fc.record(
        Object.fromEntries(keys.map((k) => [k, fromSchema(props[k], k, depth + 1, junkWeight)])),
        {
          requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)),
        },
      );
      // Unknown keys too: they must be ignored or refused, never crash.
      return fc
        .tuple(record, fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 }))
        .map(([r, extra]) => ({ ...extra, ...r }));
    }
    default:
      return junk;
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return 'x'; // a lone surrogate cannot be percent-encoded; a client could not send it either
  }
}

const headerText = fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,40}$/);

type Request = {
  url: string;
  host: string;
  headers: Record<string, string>;
  payload?: string;
  as: Role;
};

function requestOf(op: Operation): fc.Arbitrary<Request> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const hasBody = !['GET', 'HEAD'].includes(op.method);
  return fc
    .record({
      path: fc.record(
        Object.fromEntries(
          pathParams.map((p) => [
            p.name,
            fromSchema({ ...p.schema, format: p.schema.format ?? 'uuid' }, p.name).map(asText),
          ]),
        ),
      ),
      query: fc.array(
        fc.oneof(
          ...queryParams.map((p) =>
            fromSchema(p.schema, p.name).map((v) => [p.name, asText(v)] as const),
          ),
          fc
            .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
            .map(([k, v]) => [k, v] as const),
        ),
        { maxLength: queryParams.length + 1 },
      ),
      body: hasBody
        ? fc.oneof(
            {
              weight: 8,
              arbitrary: fromSchema(op.body ?? { type: 'object' }).map((b) => ({
                text: JSON.stringify(b) ?? 'null',
                type: 'application/json',
              })),
            },
            // Well-formed bodies (no junk at all), so handlers run past validation into the services.
            {
              weight: 8,
              arbitrary: fromSchema(op.body ?? { type: 'object' }, '', 0, 0).map((b) => ({
                text: JSON.stringify(b) ?? 'null',
                type: 'application/json',
              })),
            },
            {
              weight: 1,
              arbitrary: fc
                .string({ maxLength: 40 })
                .map((s) => ({ text: s, type: 'application/json' })),
            },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                { text: 'a=1', type: 'application/x-www-form-urlencoded' },
                { text: '<x/>', type: 'text/xml' },
                { text: '', type: 'application/json' },
              ),
            },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.constant(undefined),
      as: fc.constantFrom<Role>('anonymous', 'member', 'member', 'owner'),
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: headerText },
        { weight: 1, arbitrary: fc.constant('Token ' + 'A'.repeat(43)) },
      ),
      extraHeaders: fc.dictionary(
        fc.constantFrom(
          'api-key',
          'idempotency-key',
          'accept-language',
          'x-forwarded-for',
          'if-none-match',
          'origin',
        ),
        headerText,
        { maxKeys: 2 },
      ),
      host: fc.oneof(
        { weight: 8, arbitrary: fc.constant('localhost') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'multi.localhost',
            'private.localhost',
            'nobody.example',
            '127.0.0.1',
            'LOCALHOST:80',
          ),
        },
      ),
    })
    .map(({ path, query, body, as, authorization, extraHeaders, host }) => {
      const url =
        op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePart(String(path[name] ?? 'x'))) +
        (query.length
          ? '?' + query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&')
          : '');
      const headers: Record<string, string> = { ...extraHeaders };
      if (as !== 'anonymous') Object.assign(headers, sessions[as].auth);
      else if (authorization) headers.authorization = authorization;
      if (body) headers['content-type'] = body.type;
      return { url, host, headers, payload: body?.text, as };
    });
}

function checkAnswer(op: Operation, request: Request, status: number, body: string) {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const where = `${op.method} ${request.url} (host ${request.host}, as ${request.as}) body ${request.payload?.slice(0, 300)}`;
  assert.ok(status < 500, `${where} answered ${status}: ${body.slice(0, 300)}`);
  if (status < 400) return;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    assert.fail(`${where} answered ${status} with a body that is not JSON: ${body.slice(0, 200)}`);
  }
  assert.ok(
    data && typeof data === 'object' && !Array.isArray(data),
    `${where}: ${status} body is an object`,
  );
  if (status === 400) {
    const { codes, ...fields } = data as Record<string, unknown>;
    const entries = Object.entries(fields);
    assert.ok(entries.length > 0, `${where}: a 400 names at least one field`);
    const byField = (codes ?? {}) as Record<string, { code: unknown }[]>;
    for (const [field, messages] of entries) {
      assert.ok(
        Array.isArray(messages) &&
          messages.length > 0 &&
          messages.every((m) => typeof m === 'string' && m.length > 0),
        `${where}: 400 field "${field}" holds messages: ${body.slice(0, 300)}`,
      );
      assert.ok(
        byField[field]?.length === messages.length &&
          byField[field].every((c) => isErrorCode(c.code)),
        `${where}: 400 field "${field}" has a catalogued code per message: ${body.slice(0, 300)}`,
      );
    }
  } else {
    assert.equal(
      typeof (data as { detail?: unknown }).detail,
      'string',
      `${where}: ${status} has {detail}: ${body.slice(0, 300)}`,
    );
    assert.ok(
      isErrorCode((data as { code?: unknown }).code),
      `${where}: ${status} has a catalogued code: ${body.slice(0, 300)}`,
    );
  }
}

async function renew(role: Exclude<Role, 'anonymous'>) {
  if (role === 'member') sessions.member.auth = (await registerMember(t, 'localhost')).auth;
  else {
    const login = await t.post('/api/v5/login/', {
      email: 'dueno@aurora.pe',
      password: 'Dueno2026!',
    });
    assert.equal(login.statusCode, 200, login.body);
    sessions.owner.auth = { authorization: `Token ${login.data.token}` };
  }
  sessions[role].stale = false;
}

before(async () => {
  t = await startTestApp();
  const doc = (await t.get('/api/docs/json')).data as {
    servers?: { url: string }[];
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(apiPaths(doc))) {
    for (const [method, spec] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  operations = operations.sort((a, b) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  );

  // Real ids to aim at: the demo store's app, places, products, categories, areas, programs, promotions.
  await renew('member');
  await renew('owner');
  const app = await t.appOf('localhost');
  known.uids.push(app.uid);
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (
          typeof v === 'string' &&
          /^[0-9a-f-]{36}$/.test(v) &&
          /uid|company|place|program|area/.test(k)
        )
          known.uids.push(v);
        else if (v && typeof v === 'object') collect(v);
      }
    }
  };
  for (const url of [
    '/api/v7/apps/?domain=localhost',
    '/api/v7/places/',
    '/api/v7/products/',
    '/api/v7/areas/',
    '/api/v7/categories/',
    '/api/v5/programs/',
  ]) {
    collect((await t.get(url, { headers: sessions.member.auth })).data);
  }
  known.uids = [...new Set(known.uids)].slice(0, 200);
});
after(() => t?.close());

// Before the fuzz, which may change the demo store (as its owner) on its way.
describe('regressions found by the fuzz', () => {
  test("a day that is not on the calendar in the staff records' filters is a 400, not a database error (500)", async () => {
    for (const url of [
      '/api/v5/staff/records/?date_from=2026-02-30',
      '/api/v5/staff/records/?date_to=2026-13-01',
      '/api/v5/staff/records.csv?date_from=2025-02-29',
    ]) {
      const res = await t.get(url, { headers: sessions.owner.auth });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.deepEqual(Object.values(res.data), [['Ingresar una fecha correcta']]);
    }
    assert.equal(
      (await t.get('/api/v5/staff/records/?date_from=2024-02-29', { headers: sessions.owner.auth }))
        .statusCode,
      200,
    );
  });

  test('a NUL character (U+0000) in any text is a 400 on its field, not a database error (500)', async () => {
    const member = sessions.member.auth;
    const patch = await t.patch('/api/v5/me/', { last_name: 'a\u0000b' }, { headers: member });
    assert.equal(patch.statusCode, 400, patch.body);
    assert.deepEqual(patch.data, { last_name: ['Valor no válido'] });
    const nested = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: 'x', products: [{ uid: 'p\u0000', quantity: 1 }] },
      { headers: member },
    );
    assert.deepEqual(nested.data, { 'products.0.uid': ['Valor no válido'] });
    const search = await t.get('/api/v7/products/?search=caf%00e');
    assert.deepEqual([search.statusCode, search.data], [400, { search: ['Valor no válido'] }]);
    const path = await t.get('/api/v5/me/orders/a%00b/', { headers: member });
    assert.deepEqual([path.statusCode, path.data], [400, { uid: ['Valor no válido'] }]);
    const register = await t.post('/api/v5/register/', {
      email: 'nul\u0000@example.com',
      password: 'x',
    });
    assert.equal(register.statusCode, 400);
    assert.deepEqual(register.data.email, ['Valor no válido']);
  });

  test("the router's own refusals use the documented 404 body: a path segment over 100 characters, a path that cannot be decoded", async () => {
    for (const url of [
      `/api/v7/places/${'a'.repeat(101)}/products/`,
      '/api/v7/places/%E0%A4%A/products/',
      `/api/v5/me/orders/${'9'.repeat(200)}/`,
    ]) {
      const res = await t.get(url, { headers: sessions.member.auth });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.data, { detail: 'No encontrado.' });
    }
  });
});

describe('fuzz: every route of the OpenAPI document', () => {
  test('the document lists every API route the server registered', () => {
    const printed = t.app.printRoutes({ commonPrefix: false });
    // Count registered API methods outside the docs pages (HEAD mirrors GET); the crawler's
    // files (robots.txt, sitemap.xml) are the store's pages, not the API's.
    let registered = 0;
    let skipped = false;
    for (const line of printed.split('\n')) {
      const depth = line.search(/[^│├└─ ]/);
      if (depth <= 4) skipped = line.includes('/api/docs') || !line.includes('/api/');
      if (skipped) continue;
      const methods =
        /\(([A-Z, ]+)\)\s*$/
          .exec(line)?.[1]
          .split(', ')
          .filter((m) => m !== 'HEAD') ?? [];
      // A node written `/:uid|:place/...` is one route under two parameter names.
      registered += methods.length;
    }
    assert.ok(operations.length >= 60, `${operations.length} operations in the document`);
    assert.equal(operations.length, registered, printed);
  });

  test('no 5xx; 400 is {field: [messages]}; other 4xx are {detail}', async () => {
    const started = Date.now();
    const perRouteMs = (FUZZ_SECONDS * 1000) / operations.length;
    let requests = 0;
    for (const op of operations) {
      // Each route gets its share of the time, but at least MIN_RUNS real requests whatever the load;
      // runs past the deadline return at once (generation only). Once a run fails, shrinking runs for real.
      const deadline = Date.now() + perRouteMs;
      let runs = 0;
      let failing = false;
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (request) => {
          if (!failing && runs >= MIN_RUNS && Date.now() > deadline) return;
          runs += 1;
          if (request.as !== 'anonymous' && sessions[request.as].stale) {
            await renew(request.as);
            request.headers = { ...request.headers, ...sessions[request.as].auth };
          }
          const response = await t.app.inject({
            method: op.method as 'GET',
            url: request.url,
            headers: { host: request.host, ...request.headers },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          requests += 1;
          // Logging out or deleting the account ends the session: the next call as that role gets a new one.
          if (
            request.as !== 'anonymous' &&
            (response.statusCode === 401 || /logout|delete/.test(op.path))
          )
            sessions[request.as].stale = true;
          try {
            checkAnswer(op, request, response.statusCode, response.body);
          } catch (err) {
            failing = true;
            throw err;
          }
        }),
        { numRuns: FUZZ_RUNS, seed, includeErrorInReport: true },
      );
    }
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(
      `# fuzz: ${requests} requests over ${operations.length} operations in ${Date.now() - started} ms on ${t.kind}; statuses ${histogram}`,
    );
  });
});
