import { DefaultPrivacyEs } from '../texts/default-privacy-es';
import { TenantLegalPage } from './tenant-legal-page';

/** /politics: the company's own privacy text (sanitised) or the default Spanish notice. */
export function PoliticsPage() {
  return <TenantLegalPage page="privacy" Default={DefaultPrivacyEs} />;
}
