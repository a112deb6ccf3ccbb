import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { SafeHtml } from '../../../components/safe-html';
import { DefaultPrivacyEs } from '../texts/default-privacy-es';
import { LegalArticle } from './legal-article';

/** /politics: the company's own privacy text (sanitised) or the default Spanish notice. */
export function PoliticsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const html = app.site.privacy_policies?.trim();
  return (
    <LegalArticle title={t('legal.privacyTitle')}>
      {html ? (
        <SafeHtml html={html} />
      ) : (
        <DefaultPrivacyEs companyName={app.company.name || app.name} />
      )}
    </LegalArticle>
  );
}
