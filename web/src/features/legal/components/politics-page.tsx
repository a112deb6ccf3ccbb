import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { DefaultPrivacyEs } from '../texts/default-privacy-es';
import { TenantLegalPage } from './tenant-legal-page';

/** /politics: the company's own privacy text (sanitised) or the default Spanish notice; 'not found' when the company's text is nothing once sanitised. */
export function PoliticsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  return (
    <TenantLegalPage
      title={t('legal.privacyTitle')}
      html={app.site.privacy_policies}
      notFound={t('legal.privacyNotFound')}
    >
      <DefaultPrivacyEs companyName={app.company.name || app.name} />
    </TenantLegalPage>
  );
}
