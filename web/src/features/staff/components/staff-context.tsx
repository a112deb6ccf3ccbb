import { createContext, useContext } from 'react';
import type { StaffMe } from '@store/contract/staff/schemas';

export type StaffPlace = { uid: string; name: string };

export type StaffSession = {
  me: StaffMe;
  /** Places the staff member may act at (the server lists every place of the company unless limited). */
  places: StaffPlace[];
  placeUid: string | null;
  setPlaceUid: (uid: string) => void;
};

export const StaffContext = createContext<StaffSession | null>(null);

export function useStaff(): StaffSession {
  const session = useContext(StaffContext);
  if (!session) throw new Error('useStaff outside the staff area');
  return session;
}
