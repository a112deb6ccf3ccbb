import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorMessages, messageText } from '@store/contract';
import { buildApp } from '../src/app';
import { requireUserHook } from '../src/plugins/auth';
import { areaAccess, routeAccessPlugin } from '../src/plugins/route-access';
import { operationIdOf } from '../src/plugins/docs';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { apiPaths } from './support/openapi';

/**
 * The OpenAPI document is what client generators read: every operation has a unique
 * operationId, a security requirement that matches what the server really asks (proven
 * here by calling every operation), and a 2xx response with its content declared.
 */

type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Doc;
const operations: { method: string; url: string; op: Operation }[] = [];

before(async () => {
  t = await startTestApp();
  const res = await t.get('/api/docs/json');
  assert.equal(res.statusCode, 200);
  doc = res.data;
  for (const [url, item] of Object.entries(apiPaths<Operation>(doc)))
    for (const [method, op] of Object.entries(item))
      operations.push({ method: method.toUpperCase(), url, op });
});
after(() => t?.close());

/** An operation needs a session when every one of its security alternatives names the token. */
const needsToken = (op: Operation) =>
  (op.security ?? []).length > 0 && op.security!.every((alternative) => 'token' in alternative);

/** A URL for the operation with made-up path parameters: the answer's status is what counts. */
const urlOf = (url: string) =>
  url.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'prefix' ? 'nobody' : '00000000-0000-4000-8000-000000000000',
  );

const callOf = (method: string, url: string, headers?: Record<string, string>) =>
  t.call(method as 'GET', urlOf(url), {
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
  });

describe('the OpenAPI document', () => {
  test('has a version, a description, the relative /api server and a tag for every area', () => {
    assert.equal(doc.info.version, '1.0.0');
    assert.match(doc.info.description ?? '', /API-KEY/);
    assert.deepEqual(
      doc.servers?.map((s) => s.url),
      ['/api'],
    );
    assert.match(doc.servers?.[0].description ?? '', /host name.*API-KEY/);
    assert.ok(operations.length >= 90, `${operations.length} operations`);
    const declared = new Set(doc.tags?.map((tag) => tag.name));
    for (const { method, url, op } of operations) {
      assert.ok(op.tags?.length, `${method} ${url} has no tag`);
      for (const tag of op.tags!) assert.ok(declared.has(tag), `${method} ${url}: tag ${tag}`);
    }
  });

  test('every operation has an operationId, camelCase and unique', () => {
    const seen = new Map<string, string>();
    for (const { method, url, op } of operations) {
      const id = op.operationId;
      assert.ok(id, `${method} ${url} has no operationId`);
      assert.match(id, /^[a-z][A-Za-z0-9]*$/, `${method} ${url}`);
      assert.ok(!seen.has(id), `${id} is both ${seen.get(id)} and ${method} ${url}`);
      seen.set(id, `${method} ${url}`);
    }
    // Derived from method and path alone, so it only changes when the path does.
    assert.equal(
      operationIdOf('GET', '/api/v5/me/programs/:program/promotions/:uid/'),
      'getMeProgramsByProgramPromotionsByUid',
    );
    assert.equal(operationIdOf('GET', '/api/v5/staff/records.csv'), 'getStaffRecordsCsv');
    assert.equal(operationIdOf('POST', '/api/v5/me/reset_password/'), 'postMeResetPassword');
  });

  test('describes the API-KEY and the session token as security schemes, and every operation names its requirement', () => {
    assert.deepEqual(doc.components.securitySchemes.apiKey, {
      ...doc.components.securitySchemes.apiKey,
      type: 'apiKey',
      in: 'header',
      name: 'API-KEY',
    });
    assert.deepEqual(doc.components.securitySchemes.token, {
      ...doc.components.securitySchemes.token,
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const byAccess: Record<string, number> = {};
    for (const { method, url, op } of operations) {
      const access = op['x-access'] ?? '';
      byAccess[access] = (byAccess[access] ?? 0) + 1;
      assert.ok(op.security?.length, `${method} ${url} has no security`);
      assert.equal(needsToken(op), access !== 'public', `${method} ${url} (${access})`);
      if (access === 'staff') assert.match(op.description ?? '', /staff role/);
      if (access === 'admin') assert.match(op.description ?? '', /`OWNER` or `MANAGER`/);
    }
    assert.deepEqual(Object.keys(byAccess).sort(), ['admin', 'member', 'public', 'staff']);
    // The staff console, and only it, needs a staff role; the back office, and only it, an OWNER or MANAGER.
    for (const { url, op } of operations) {
      assert.equal(op['x-access'] === 'staff', url.startsWith('/api/v5/staff/'), url);
      assert.equal(op['x-access'] === 'admin', url.startsWith('/api/v5/admin/'), url);
    }
  });

  test('every public operation answers an anonymous call without 401; every token operation answers it 401, and takes a member token', async () => {
    let member = await registerMember(t, 'localhost');
    for (const { method, url, op } of operations) {
      const anonymous = await callOf(method, url);
      if (needsToken(op)) {
        assert.equal(anonymous.statusCode, 401, `${method} ${url}: ${anonymous.body}`);
        const signed = await callOf(method, url, member.auth);
        assert.notEqual(signed.statusCode, 401, `${method} ${url} as a member: ${signed.body}`);
        // Staff operations refuse a member who is not staff (and say so).
        if (op['x-access'] === 'staff' || op['x-access'] === 'admin')
          assert.equal(signed.statusCode, 403, `${method} ${url}`);
        // Those calls end the member's session: the next operation gets a new one.
        if (/logout|delete/.test(url)) member = await registerMember(t, 'localhost');
      } else {
        assert.notEqual(anonymous.statusCode, 401, `${method} ${url}: ${anonymous.body}`);
        assert.ok(anonymous.statusCode < 500, `${method} ${url}: ${anonymous.body}`);
      }
    }
  });

  test('every operation declares a 2xx response with its content (a 204 with none)', () => {
    for (const { method, url, op } of operations) {
      const success = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
      assert.ok(success.length, `${method} ${url} declares no 2xx response`);
      for (const [status, response] of success) {
        if (status === '204') {
          assert.equal(response.content, undefined, `${method} ${url} 204 has content`);
          continue;
        }
        const media = Object.entries(response.content ?? {});
        assert.ok(media.length, `${method} ${url} ${status} declares no content`);
        for (const [type, { schema }] of media)
          assert.ok(schema, `${method} ${url} ${status} ${type} has no schema`);
      }
    }
    const csv = apiPaths<Operation>(doc)['/api/v5/staff/records.csv'].get;
    assert.ok(csv.responses['200'].content?.['text/csv'], 'the CSV download says it is text/csv');
  });
});

describe('route access', () => {
  /** A bare server with the access plugin (its `auth` dependency stubbed), for registration rules. */
  async function bare() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fp(async () => {}, { name: 'auth' }));
    await app.register(routeAccessPlugin);
    return app;
  }

  test('an API route whose access nobody stated stops the server from starting', async () => {
    const app = await bare();
    await assert.rejects(async () => {
      await app.register(
        async (api) => {
          api.get('/v1/forgotten/', async () => ({}));
        },
        { prefix: '/api' },
      );
      await app.ready();
    }, /GET \/api\/v1\/forgotten\/ states no access/);
  });

  test("an area's access applies to its routes, a route may say otherwise, and a session route gets the 401 hook and the limited-session guard", async () => {
    const app = await bare();
    const seen: Record<string, unknown> = {};
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') seen[route.url] = route;
    });
    await app.register(
      async (api) => {
        areaAccess(api, 'member');
        api.get('/v1/mine/', async () => ({}));
        api.get('/v1/open/', { config: { access: 'public' } }, async () => ({}));
      },
      { prefix: '/api' },
    );
    await app.ready();
    type Seen = { config: { access: string; limitedSession?: unknown }; preValidation: unknown };
    const mine = seen['/api/v1/mine/'] as Seen;
    const open = seen['/api/v1/open/'] as Seen;
    assert.equal(mine.config.access, 'member');
    assert.equal(mine.config.limitedSession, 'step-up', 'a limited session steps up unless said');
    const hooks = mine.preValidation as { name: string }[];
    assert.deepEqual(
      hooks.map((h) => h.name),
      [requireUserHook.name, 'stepUpGuard'],
    );
    assert.equal(hooks[0], requireUserHook);
    assert.equal(open.config.access, 'public');
    assert.equal(open.preValidation, undefined);
    await app.close();
  });
});

describe('response schemas', () => {
  test('a response that breaks its declared schema is refused: 500 {detail} and the log says why', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: t.db,
      dbKind: t.kind,
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    });
    app.register(
      async (api) => {
        areaAccess(api, 'public');
        api.get(
          '/v1/broken/',
          {
            schema: {
              tags: ['health'],
              response: { 200: z.object({ count: z.number() }) },
            },
          },
          // The handler breaks its promise: a string where the schema says a number.
          async () => ({ count: 'many' }) as unknown as { count: number },
        );
      },
      { prefix: '/api' },
    );
    await app.ready();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/broken/',
        headers: { host: 'localhost' },
      });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), {
        code: errorMessages.generic,
        detail: messageText(errorMessages.generic),
      });
      assert.ok(!res.body.includes('many'), 'the broken value never leaves the server');
      assert.ok(
        lines.some((line) => line.includes('response does not match its schema')),
        lines.join('\n'),
      );
    } finally {
      await app.close();
    }
  });
});
