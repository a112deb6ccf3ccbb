import { useTranslation } from 'react-i18next';
import { ClockIcon } from './clock-icon';
import { PageMessage } from './page-message';

/** Placeholder for sections that later issues fill (products, cart, orders...). */
export function ComingSoon({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={title ?? t('common.comingSoon')}
      text={t('common.comingSoonText')}
      icon={<ClockIcon />}
    />
  );
}
