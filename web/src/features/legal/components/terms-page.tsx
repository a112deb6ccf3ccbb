import { DefaultTermsEs } from '../texts/default-terms-es';
import { TenantLegalPage } from './tenant-legal-page';

/** /terms-and-conditions: the tenant's terms (sanitised) or a built-in Spanish text. */
export function TermsPage() {
  return <TenantLegalPage page="terms" Default={DefaultTermsEs} />;
}
