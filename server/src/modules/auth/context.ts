import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AccountsConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { normaliseDomain, type AppRow } from '../tenancy/service';

/** What the accounts services need from a request, so they never touch HTTP. */
export type AuthContext = {
  db: Database;
  app: AppRow;
  config: AccountsConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The client address, for per-address rate limits. */
  ip: string;
  /** protocol://host the mailed links point at. */
  origin: string;
};

export function authContext(request: FastifyRequest): AuthContext {
  const app = request.requireTenant();
  return {
    db: request.server.db,
    app,
    config: request.server.accounts,
    mailer: request.server.mailer,
    log: request.log,
    ip: request.ip,
    origin: linkOrigin(request, app),
  };
}

/**
 * Links are built from the request's own host when it is the app's host (so
 * localhost:3000 works in the demo), and from the app's registered domain
 * otherwise: a request that named its app by API-KEY from a forged Host must
 * not get reset links pointing at someone else's site.
 */
function linkOrigin(request: FastifyRequest, app: AppRow): string {
  if (normaliseDomain(request.host) === app.domain) return `${request.protocol}://${request.host}`;
  return `https://${app.domain}`;
}
