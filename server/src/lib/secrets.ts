import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A fresh secret for a session or a mailed link: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its sha256, so a leaked table opens no account. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// argon2id (algorithm 2) with the library's OWASP-level defaults (19 MiB, t=2, p=1).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** A hash made once at start-up, so a login for an unknown account costs as much as a real one. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not the password of anybody');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
