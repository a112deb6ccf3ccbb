import { useSyncExternalStore } from 'react';
import { storageKeys } from '@store/contract/constants';
import { useUpdateMe } from '../api/update-me';
import { useIsLoggedIn } from './session';
import { storage } from './storage';

/** The place (and its area) the visitor shops at: localStorage selectedPlaceUid / selectedAreaUid. */
const PLACE_EVENT = 'store:place';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(PLACE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(PLACE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The server's render (and the hydration of it) is a first visit's: nothing chosen yet. A returning
 * visitor's choice shows in the render right after hydration (useSyncExternalStore does that).
 */
const noChoice = (): string | null => null;

export function useSelectedPlaceUid(): string | null {
  return useSyncExternalStore(subscribe, () => storage.get(storageKeys.selectedPlaceUid), noChoice);
}

export function useSelectedAreaUid(): string | null {
  return useSyncExternalStore(subscribe, () => storage.get(storageKeys.selectedAreaUid), noChoice);
}

/** Picking a place also picks its locality's area. */
export function selectPlace(place: { uid: string; locality: { area: { uid: string } } }): void {
  storage.set(storageKeys.selectedPlaceUid, place.uid);
  storage.set(storageKeys.selectedAreaUid, place.locality.area.uid);
  window.dispatchEvent(new Event(PLACE_EVENT));
}

/** Choosing a city forgets the place (the places of the new city load next). */
export function selectArea(areaUid: string): void {
  storage.set(storageKeys.selectedAreaUid, areaUid);
  storage.remove(storageKeys.selectedPlaceUid);
  window.dispatchEvent(new Event(PLACE_EVENT));
}

/**
 * Choosing a city: remembered on this device, and a signed-in member's area follows it (best
 * effort: a failed save keeps the local choice). Shared by the store's toolbar and the side menu.
 */
export function useChooseCity(): (areaUid: string) => void {
  const loggedIn = useIsLoggedIn();
  const updateMe = useUpdateMe();
  return (areaUid: string) => {
    selectArea(areaUid);
    if (loggedIn && areaUid) updateMe.mutate({ area: areaUid });
  };
}
