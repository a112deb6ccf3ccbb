import { useTenant } from '../../../lib/tenant';
import { DefaultLanding } from './default-landing';
import { Model2Landing } from './model2-landing';
import { MerchantsLanding } from './merchants-landing';
import '../../../styles/landing.css';

/**
 * /landing by the tenant's landing_page_type: MODEL_2 built from its sections, MERCHANTS the
 * marketing page inviting shops to create a free store, otherwise the default one.
 */
export function LandingPage() {
  const app = useTenant();
  if (app.landing_page_type === 'MODEL_2') return <Model2Landing />;
  if (app.landing_page_type === 'MERCHANTS') return <MerchantsLanding />;
  return <DefaultLanding />;
}
