import { useTranslation } from 'react-i18next';
import { TabNav } from './tab-nav';

/** The phone's tab bar (hidden on wide screens, which show it in the header) and the powered-by text with the year. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <TabNav place="bottom" />
      <p className="footer__powered">{t('footer.poweredBy', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
