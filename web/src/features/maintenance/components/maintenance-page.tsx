import { useTranslation } from 'react-i18next';
import type { App } from '@store/contract';
import { PageMessage } from '../../../components/page-message';

/** Full-screen 'Estamos en mantenimiento' with the fixed text about 5 and 6 November. */
export function MaintenancePage({ app }: { app: App }) {
  const { t } = useTranslation();
  return (
    <main>
      <PageMessage
        fullScreen
        title={t('maintenance.title')}
        text={t('maintenance.text')}
        image={app.logo}
        imageAlt={t('common.logoAlt', { name: app.name })}
      />
    </main>
  );
}
