import { lazyChunk } from '../../../lib/rendered-chunks';
import { useTenant } from '../../../lib/tenant';
import '../../../styles/landing.css';

// One chunk per landing type: a store downloads only its own (bench/bundle-budget.ts measures each).
const DefaultLanding = lazyChunk('src/features/landing/components/default-landing.tsx', () =>
  import('./default-landing').then((m) => ({ default: m.DefaultLanding })),
);
const Model2Landing = lazyChunk('src/features/landing/components/model2-landing.tsx', () =>
  import('./model2-landing').then((m) => ({ default: m.Model2Landing })),
);
const MerchantsLanding = lazyChunk('src/features/landing/components/merchants-landing.tsx', () =>
  import('./merchants-landing').then((m) => ({ default: m.MerchantsLanding })),
);

/**
 * /landing by the tenant's landing_page_type: MODEL_2 built from its sections, MERCHANTS the
 * marketing page inviting shops to create a free store, otherwise the default one. Each waits
 * for its chunk under the route's loading state.
 */
export function LandingPage() {
  const app = useTenant();
  if (app.landing_page_type === 'MODEL_2') return <Model2Landing />;
  if (app.landing_page_type === 'MERCHANTS') return <MerchantsLanding />;
  return <DefaultLanding />;
}
