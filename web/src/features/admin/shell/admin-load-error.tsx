import { useTranslation } from 'react-i18next';
import { PageMessage } from '../../../components/page-message';

/** A back-office read that failed: the shared message (or `title`) and a button that asks again. */
export function AdminLoadError({ onRetry, title }: { onRetry: () => unknown; title?: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage title={title ?? t('admin.fetchError')}>
      <button type="button" className="button" onClick={() => void onRetry()}>
        {t('admin.retry')}
      </button>
    </PageMessage>
  );
}
