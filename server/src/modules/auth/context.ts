import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AccountsConfig } from '../../config';
import type { Database } from '../../db/client';
import { publicOrigin } from '../../lib/public-url';
import type { Mailer } from '../mail/mailer';
import type { AppRow } from '../tenancy/service';
import type { Clock } from '../../scope/scope';

/** What the accounts services need from a request, so they never touch HTTP. */
export type AuthContext = {
  db: Database;
  app: AppRow;
  config: AccountsConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The client address, for per-address rate limits. */
  ip: string;
  /** scheme://domain[:port] the mailed links point at: the tenant's own domain, never the request's Host. */
  origin: string;
  /** The app's clock: rate-limit windows follow it (tests set it, AppOptions.clock). */
  clock: Clock;
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
    // Host, X-Forwarded-Host and X-Forwarded-Proto are chosen by whoever sends the request: a
    // reset link built from them could carry its token to another site.
    origin: publicOrigin(app.domain, request.server.publicUrl),
    clock: request.server.clock,
  };
}
