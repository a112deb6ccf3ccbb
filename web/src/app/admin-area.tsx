import { lazy } from 'react';
import { AdminArea } from '../features/admin';
import { LandingPreviewContext } from '../lib/landing-preview';

// The store's landing, for the back office's live preview: loaded with the editor, never with
// the store front (this module is itself the back office's lazy chunk).
const LandingPreview = lazy(() =>
  import('../features/landing/preview').then((m) => ({ default: m.LandingPreview })),
);

/** The back office, handed the public landing component (features do not import each other). */
export function AdminAreaWithPreview() {
  return (
    <LandingPreviewContext.Provider value={LandingPreview}>
      <AdminArea />
    </LandingPreviewContext.Provider>
  );
}
