import { useTranslation } from 'react-i18next';
import { TabNav } from './tab-nav';

/** The phone's tab bar (wide screens show it in the header) and the powered-by text with the year. */
export function Footer({ withNav }: { withNav: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      {withNav ? <TabNav place="bottom" /> : null}
      <p className="footer__powered">{t('footer.poweredBy', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
