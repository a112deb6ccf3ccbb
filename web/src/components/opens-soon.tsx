import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMessage } from './page-message';

/** A child company of a marketplace with no place yet: it opens soon, and the others are a click away. */
export function OpensSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={t('home.opensSoonTitle', { name })}
      text={t('home.opensSoonText')}
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
    >
      <Link className="button button--primary" to="/">
        {t('home.otherBusinesses')}
      </Link>
    </PageMessage>
  );
}
