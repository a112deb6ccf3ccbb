import { useTranslation } from 'react-i18next';
import { PageMessage } from './page-message';

/** Placeholder for sections that later issues fill (products, cart, orders...). */
export function ComingSoon({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={title ?? t('common.comingSoon')}
      text={t('common.comingSoonText')}
      icon={
        <svg
          viewBox="0 0 24 24"
          width="40"
          height="40"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" />
        </svg>
      }
    />
  );
}
