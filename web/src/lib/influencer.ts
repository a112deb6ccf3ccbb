import { storageKeys } from '@store/contract/constants';
import { isInfluencerUid } from '@store/contract/marketing/influencer';
import { storage } from './storage';

type KeyStore = { get(key: string): string | null; remove(key: string): void };

/**
 * The influencer remembered by /in/{uid}/ (localStorage `influencerId`), when it has the shape
 * the server accepts; a malformed one is dropped rather than sent, so it can never make a
 * registration or an order fail.
 */
export function readInfluencerUid(store: KeyStore = storage): string | undefined {
  const value = store.get(storageKeys.influencerId);
  if (value === null) return undefined;
  if (isInfluencerUid(value)) return value;
  store.remove(storageKeys.influencerId);
  return undefined;
}

/** An order carried the influencer: the attribution is spent (a new /in/{uid}/ visit sets another). */
export function forgetInfluencerUid(store: KeyStore = storage): void {
  store.remove(storageKeys.influencerId);
}
