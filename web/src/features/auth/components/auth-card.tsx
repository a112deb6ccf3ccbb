import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';

/** The standalone card of the accounts screens: tenant logo, title, optional intro, the form. */
export function AuthCard({
  title,
  text,
  children,
  wide = false,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
  wide?: boolean;
}) {
  const app = useTenant();
  const { t } = useTranslation();
  return (
    <main className="standalone">
      <div className={`standalone__card auth-card${wide ? ' auth-card--wide' : ''}`}>
        <Link to="/" className="standalone__logo" aria-label={t('header.home')}>
          {app.logo ? (
            <img src={app.logo} alt={t('common.logoAlt', { name: app.name })} />
          ) : (
            <span>{app.name}</span>
          )}
        </Link>
        <h1 className="standalone__title">{title}</h1>
        {text ? <p className="standalone__text">{text}</p> : null}
        {children}
      </div>
    </main>
  );
}
