import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { DefaultTermsEs } from '../texts/default-terms-es';
import { TenantLegalPage } from './tenant-legal-page';

/** /terms-and-conditions: the tenant's terms (sanitised) or a built-in Spanish text; 'not found' when the tenant's text is nothing once sanitised. */
export function TermsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  return (
    <TenantLegalPage
      title={t('legal.termsTitle')}
      html={app.site.terms_and_conditions}
      notFound={t('legal.termsNotFound')}
    >
      <DefaultTermsEs companyName={app.company.name || app.name} />
    </TenantLegalPage>
  );
}
