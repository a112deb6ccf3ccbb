import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../lib/tenant';
import { useTranslation } from 'react-i18next';

/** A standalone card screen (outside the shell) with the tenant logo on top. */
export function StandaloneCard({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  const app = useTenant();
  const { t } = useTranslation();
  return (
    <main className="standalone">
      <div className="standalone__card">
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
