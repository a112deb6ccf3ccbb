import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { SafeHtml } from '../../../components/safe-html';
import { DefaultTermsEs } from '../texts/default-terms-es';
import { LegalArticle } from './legal-article';

/** /terms-and-conditions: the tenant's terms (sanitised) or a built-in Spanish text. */
export function TermsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const html = app.site.terms_and_conditions?.trim();
  return (
    <LegalArticle title={t('legal.termsTitle')}>
      {html ? (
        <SafeHtml html={html} />
      ) : (
        <DefaultTermsEs companyName={app.company.name || app.name} />
      )}
    </LegalArticle>
  );
}
