import { errorView, type ErrorCodes } from './error-codes';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import {
  defaultAccountsConfig,
  type AccountsConfig,
  type MailQuotas,
  type PublicUrlConfig,
  type TrustProxy,
} from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import type { Clock } from '../../src/scope/scope';
import { copyDatabase, dropDatabase } from './database-copies';
import { pgliteTemplate, postgresTemplate } from './database-templates';

/** Tests make many accounts from one address; the rate-limit tests set their own small limits. */
const generous = {
  address: { max: 100_000, windowSeconds: 60 },
  identity: { max: 100_000, windowSeconds: 60 },
  identityTotal: { max: 100_000, windowSeconds: 60 },
};
export const generousRateLimits: AccountsConfig['rateLimits'] = {
  login: generous,
  validate: generous,
  register: generous,
  recovery: generous,
  reset: generous,
  deletion: generous,
  couponCode: generous,
  paymentNotification: generous,
  storeSignup: generous,
  stepUp: generous,
  stepUpCode: generous,
  rucLookup: generous,
};
/** Quotas no test reaches unless it sets its own. */
export const generousMailQuotas: MailQuotas = {
  ordersPerMember: generous.identity,
  invitationsPerCompany: generous.identity,
  invitationsPerUnreviewedStore: generous.identity,
};

/**
 * One database and one app per test file: PGlite in memory by default, or a
 * fresh database on the PostgreSQL server of TEST_DATABASE_URL when the
 * runner sets TEST_DB=postgres. Both start from a copy of the same migrated
 * (and, unless `seedDemo: false`, seeded) template (support/database-templates.ts).
 */
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export async function startTestApp(
  options: {
    seedDemo?: boolean;
    accounts?: Partial<AccountsConfig>;
    trustProxy?: TrustProxy;
    publicUrl?: PublicUrlConfig;
    publicCacheSeconds?: number;
    webDist?: string;
    /** The app's clock (support/clock.ts), for tests that move time forward. */
    clock?: Clock;
    /** The app's logger (default: none), for tests that read what is logged. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** Where uploads go (default: a fresh temporary folder). */
    media?: Parameters<typeof buildApp>[0]['media'];
    /** Any other app option (metrics token, access log level, schedulers...). */
    more?: Partial<Parameters<typeof buildApp>[0]>;
  } = {},
) {
  const database = await openTestDatabase({ seedDemo: options.seedDemo !== false });
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    accounts: defaultAccountsConfig({
      rateLimits: generousRateLimits,
      mailQuotas: generousMailQuotas,
      ...options.accounts,
    }),
    trustProxy: options.trustProxy,
    publicUrl: options.publicUrl,
    publicCacheSeconds: options.publicCacheSeconds,
    webDist: options.webDist,
    clock: options.clock,
    logger: options.logger,
    media: options.media,
    ...options.more,
  });
  await app.ready();

  async function call(
    method: InjectOptions['method'],
    url: string,
    init: {
      host?: string;
      headers?: Record<string, string>;
      body?: unknown;
      /** The client's socket address (light-my-request's default is 127.0.0.1). */
      remoteAddress?: string;
    } = {},
  ): Promise<LightMyRequestResponse & { data: any; errorCodes?: ErrorCodes }> {
    const response = await app.inject({
      method,
      url,
      headers: { host: init.host ?? 'localhost', ...init.headers },
      ...(init.remoteAddress ? { remoteAddress: init.remoteAddress } : {}),
      ...(init.body !== undefined ? { payload: init.body as InjectOptions['payload'] } : {}),
    });
    let data: unknown = undefined;
    try {
      data = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      data = response.body;
    }
    return Object.assign(response, errorView(response.statusCode, data));
  }

  return {
    app,
    db: database.db,
    kind: database.kind,
    call,
    get: (url: string, init?: Parameters<typeof call>[2]) => call('GET', url, init),
    post: (url: string, body?: unknown, init?: Parameters<typeof call>[2]) =>
      call('POST', url, { ...init, body }),
    patch: (url: string, body?: unknown, init?: Parameters<typeof call>[2]) =>
      call('PATCH', url, { ...init, body }),
    delete: (url: string, init?: Parameters<typeof call>[2]) => call('DELETE', url, init),
    /** The app of a demo host, as the web app would load it. */
    async appOf(host: string) {
      const response = await call('GET', `/api/v7/apps/?domain=${host}`, { host });
      if (response.statusCode !== 200 || !response.data[0]) throw new Error(`no app for ${host}`);
      return response.data[0] as import('@store/contract').App;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A database of its own for one test file, migrated, with the demo tenants if `seedDemo`. */
export async function openTestDatabase(options: { seedDemo?: boolean } = {}): Promise<{
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}> {
  const template = options.seedDemo ? 'seeded' : 'migrated';
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(template) });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const templateName = await postgresTemplate(serverUrl, template);
  await copyDatabase(serverUrl, name, templateName);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    db: handle.db,
    kind: handle.kind,
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}
