import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from './clock-icon';
import { PageMessage } from './page-message';

/** A child company of a marketplace with no place yet: it opens soon, and the others are a click away. */
export function OpensSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={t('home.opensSoonTitle', { name })}
      text={t('home.opensSoonText')}
      icon={<ClockIcon />}
    >
      <Link className="button button--primary" to="/">
        {t('home.otherBusinesses')}
      </Link>
    </PageMessage>
  );
}
