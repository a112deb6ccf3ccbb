import type { SigninMethodType } from '@store/contract';
import type { SocialProvider } from '../../../db/schema';
import type { AuthScope } from '../context';

/** Who a provider says signed in. */
export type SocialIdentity = {
  /** The provider's stable id of the person (`sub`, Facebook's app-scoped user id). */
  subject: string;
  /** Lower-cased; empty when the provider shares none. */
  email: string;
  /** Whether the provider vouches that the person owns the mailbox. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/**
 * One sign-in provider: checks the credential the browser got from the provider, for the app's
 * own client id, and says who it belongs to. A credential that is not good throws the
 * provider's 400; a provider that cannot be reached throws a 503 (see `providerUnavailable`).
 */
export type SocialVerifier = {
  provider: SocialProvider;
  /** The sign-in method of the tenant file that switches it on. */
  method: SigninMethodType;
  /** The field of the request body that carries the credential (for field errors). */
  field: string;
  /** The id the tenant's settings give the provider (client id, app id), or null when off. */
  clientId(settings: Record<string, unknown> | undefined): string | null;
  verify(ctx: AuthScope, credential: string, clientId: string): Promise<SocialIdentity>;
};

/** A settings string, trimmed, or null. */
export function settingString(
  settings: Record<string, unknown> | undefined,
  key: string,
): string | null {
  const value = settings?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export const nameOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim().slice(0, 150) : '';
