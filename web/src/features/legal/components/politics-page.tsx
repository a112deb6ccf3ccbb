import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { SafeHtml } from '../../../components/safe-html';
import { sanitizeHtml, showsContent } from '../../../lib/sanitize';
import { DefaultPrivacyEs } from '../texts/default-privacy-es';
import { LegalArticle } from './legal-article';

/** /politics: the company's own privacy text (sanitised) or the default Spanish notice; 'not found' when the company's text is nothing once sanitised. */
export function PoliticsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const html = app.site.privacy_policies?.trim();
  const empty = useMemo(() => !!html && !showsContent(sanitizeHtml(html)), [html]);
  return (
    <LegalArticle title={t('legal.privacyTitle')}>
      {empty ? (
        <div className="legal__placeholder">
          <p>{t('legal.privacyNotFound')}</p>
        </div>
      ) : html ? (
        <SafeHtml html={html} />
      ) : (
        <DefaultPrivacyEs companyName={app.company.name || app.name} />
      )}
    </LegalArticle>
  );
}
