import { createContext, useContext, type ComponentType } from 'react';
import type { LandingSection } from '@store/contract/tenancy/landing';
import type { DefaultLandingTexts } from '@store/contract/tenancy/default-landing';

/** What the back office's preview shows: the landing's type, its draft sections and texts. */
export type LandingPreviewProps = {
  type: 'DEFAULT' | 'MODEL_2' | 'MERCHANTS';
  sections: LandingSection[];
  /** The default landing's texts as drafted (empty ones: the built-in translations). */
  defaultTexts: DefaultLandingTexts;
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
