import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html';
import { sanitizeHtml, showsContent } from '../../../lib/sanitize';
import { useTenant } from '../../../lib/tenant';
import { LegalArticle } from './legal-article';

/** Where each legal page's words come from: the tenant's own HTML and the page's texts. */
const legalPages = {
  privacy: {
    title: 'legal.privacyTitle',
    notFound: 'legal.privacyNotFound',
    field: 'privacy_policies',
  },
  terms: {
    title: 'legal.termsTitle',
    notFound: 'legal.termsNotFound',
    field: 'terms_and_conditions',
  },
} as const;

/**
 * A legal page: the tenant's own text (sanitised), else the built-in Spanish one (`Default`,
 * passed in so each page's chunk carries only its own); "not found" when the tenant's text is
 * nothing once sanitised.
 */
export function TenantLegalPage({
  page,
  Default,
}: {
  page: keyof typeof legalPages;
  Default: ComponentType<{ companyName: string }>;
}) {
  const { t } = useTranslation();
  const app = useTenant();
  const texts = legalPages[page];
  const html = app.site[texts.field]?.trim();
  const empty = useMemo(() => !!html && !showsContent(sanitizeHtml(html)), [html]);
  return (
    <LegalArticle title={t(texts.title)}>
      {empty ? (
        <div className="legal__placeholder">
          <p>{t(texts.notFound)}</p>
        </div>
      ) : html ? (
        <SafeHtml html={html} />
      ) : (
        <Default companyName={app.company.name || app.name} />
      )}
    </LegalArticle>
  );
}
