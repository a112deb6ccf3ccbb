import { createContext, useContext, type ComponentType } from 'react';
import type { LandingSection } from '@store/contract/tenancy/landing';

/** What the back office's preview shows: the landing's type and its draft sections. */
export type LandingPreviewProps = {
  type: 'DEFAULT' | 'MODEL_2' | 'MERCHANTS';
  sections: LandingSection[];
};

/**
 * The public landing, handed to the back office by the app layer (features never import each
 * other): the back office's preview renders the very component the store shows, and the store
 * front never loads the back office for it.
 */
export const LandingPreviewContext = createContext<ComponentType<LandingPreviewProps> | null>(null);

export function useLandingPreview(): ComponentType<LandingPreviewProps> | null {
  return useContext(LandingPreviewContext);
}
