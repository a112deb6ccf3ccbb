import { v5 as uuidv5, validate } from 'uuid';

/** Namespace of uids derived from tenant files, so a re-import updates rather than duplicates. */
const TENANT_NAMESPACE = '8f1d2c3e-6b0a-4d9e-9c57-2f4b7a1e5d60';

export function tenantUid(...parts: string[]): string {
  return uuidv5(parts.join('/'), TENANT_NAMESPACE);
}

/** Path ids are checked before they reach SQL: a malformed uid is simply not found. */
export function isUid(value: string): boolean {
  return validate(value);
}
