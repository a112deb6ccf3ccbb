import { useTranslation } from 'react-i18next';

/** 'Cargando...' while a part of the app loads. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={fullScreen ? 'loading loading--full' : 'loading'}
      role="status"
      aria-live="polite"
    >
      <span className="loading__spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
