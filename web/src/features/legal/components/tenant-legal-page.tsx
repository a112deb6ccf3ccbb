import { useMemo, type ReactNode } from 'react';
import { SafeHtml } from '../../../components/safe-html';
import { sanitizeHtml, showsContent } from '../../../lib/sanitize';
import { LegalArticle } from './legal-article';

/**
 * A legal page: the tenant's own text (`html`, sanitised), else the built-in Spanish one
 * (`children`); `notFound` when the tenant's text is nothing once sanitised.
 */
export function TenantLegalPage({
  title,
  html: given,
  notFound,
  children,
}: {
  title: string;
  html: string | null | undefined;
  notFound: string;
  children: ReactNode;
}) {
  const html = given?.trim();
  const empty = useMemo(() => !!html && !showsContent(sanitizeHtml(html)), [html]);
  return (
    <LegalArticle title={title}>
      {empty ? (
        <div className="legal__placeholder">
          <p>{notFound}</p>
        </div>
      ) : html ? (
        <SafeHtml html={html} />
      ) : (
        children
      )}
    </LegalArticle>
  );
}
