import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMessage } from './page-message';

/** 'Lo sentimos, página no encontrada!' - unknown hosts and unknown paths. */
export function NotFound({
  withHomeLink = true,
  fullScreen = false,
}: {
  withHomeLink?: boolean;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={t('common.notFound')}
      icon={<span className="page-message__code">404</span>}
      fullScreen={fullScreen}
    >
      {withHomeLink ? (
        <Link className="button button--primary" to="/">
          {t('common.backHome')}
        </Link>
      ) : null}
    </PageMessage>
  );
}
