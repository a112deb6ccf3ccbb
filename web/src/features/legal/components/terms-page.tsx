import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { SafeHtml } from '../../../components/safe-html';
import { sanitizeHtml, showsContent } from '../../../lib/sanitize';
import { DefaultTermsEs } from '../texts/default-terms-es';
import { LegalArticle } from './legal-article';

/** /terms-and-conditions: the tenant's terms (sanitised) or a built-in Spanish text; 'not found' when the tenant's text is nothing once sanitised. */
export function TermsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const html = app.site.terms_and_conditions?.trim();
  const empty = useMemo(() => !!html && !showsContent(sanitizeHtml(html)), [html]);
  return (
    <LegalArticle title={t('legal.termsTitle')}>
      {empty ? (
        <div className="legal__placeholder">
          <p>{t('legal.termsNotFound')}</p>
        </div>
      ) : html ? (
        <SafeHtml html={html} />
      ) : (
        <DefaultTermsEs companyName={app.company.name || app.name} />
      )}
    </LegalArticle>
  );
}
