import type { FastifyRequest } from 'fastify';
import type { AccountsConfig } from '../../config';
import { publicOrigin } from '../../lib/public-url';
import type { Mailer } from '../mail/mailer';
import type { Scope } from '../../scope/scope';

/** The request scope plus what the accounts services need from the server, so they never touch HTTP. */
export type AuthScope = Scope & {
  config: AccountsConfig;
  mailer: Mailer;
  /** The client address, for per-address rate limits. */
  ip: string;
  /** scheme://domain[:port] the mailed links point at: the tenant's own domain, never the request's Host. */
  origin: string;
};

export function authScope(request: FastifyRequest): AuthScope {
  const scope = request.scope();
  return {
    ...scope,
    config: request.server.accounts,
    mailer: request.server.mailer,
    ip: request.ip,
    // Host, X-Forwarded-Host and X-Forwarded-Proto are chosen by whoever sends the request: a
    // reset link built from them could carry its token to another site.
    origin: publicOrigin(scope.app.domain, request.server.publicUrl),
  };
}

/** The former names, kept while other branches still use them. */
export type AuthContext = AuthScope;
export const authContext = authScope;
