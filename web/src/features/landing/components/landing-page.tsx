import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';

/** /landing placeholder: header with logo and 'Ordenar aquí', banner with company name and cover. */
export function LandingPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const company = app.company;
  const cover = company.cover ?? company.banner;
  return (
    <div className="landing">
      <header className="landing__header">
        <Link to="/" className="landing__brand" aria-label={t('header.home')}>
          {app.logo ? <img src={app.logo} alt={t('common.logoAlt', { name: app.name })} /> : <span>{app.name}</span>}
        </Link>
        <Link to="/products" className="button button--primary">
          {t('landing.orderHere')}
        </Link>
      </header>
      <main>
        <section className="banner">
          {cover ? <img className="banner__image" src={cover} alt="" /> : null}
          <div className="banner__content">
            <p className="banner__eyebrow">{t('landing.welcome', { name: company.name })}</p>
            <h1 className="banner__title">{company.name}</h1>
            {company.description ? <p className="banner__text">{company.description}</p> : null}
            <Link to="/products" className="button button--light">
              {t('landing.orderHere')}
            </Link>
          </div>
        </section>
      </main>
      <footer className="landing__footer">
        <p className="footer__powered">{t('footer.poweredBy', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
