import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { SafeHtml } from '../../../components/safe-html';
import { LegalArticle } from './legal-article';

/** /faqs: title 'FAQs' and the app's faqs as sanitised rich content; a logo placeholder when empty. */
export function FaqsPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const html = app.site.faqs?.trim();
  return (
    <LegalArticle title={t('legal.faqsTitle')}>
      {html ? (
        <SafeHtml html={html} />
      ) : (
        <div className="legal__placeholder">
          {app.logo ? <img src={app.logo} alt={t('common.logoAlt', { name: app.name })} /> : null}
          <p>{t('legal.faqsEmpty')}</p>
        </div>
      )}
    </LegalArticle>
  );
}
