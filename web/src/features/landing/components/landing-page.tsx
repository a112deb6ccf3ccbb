import { useTenant } from '../../../lib/tenant';
import { DefaultLanding } from './default-landing';
import { Model2Landing } from './model2-landing';
import '../../../styles/landing.css';

/** /landing: the MODEL_2 landing built from the tenant's sections, otherwise the default one. */
export function LandingPage() {
  const app = useTenant();
  return app.landing_page_type === 'MODEL_2' ? <Model2Landing /> : <DefaultLanding />;
}
