import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../lib/tenant';
import { useTranslation } from 'react-i18next';

/**
 * A standalone card screen (outside the shell) with the tenant logo on top; `className` adds the
 * card's own look (the accounts screens').
 */
export function StandaloneCard({
  title,
  text,
  children,
  className,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
  className?: string;
}) {
  const app = useTenant();
  const { t } = useTranslation();
  return (
    <main className="standalone">
      <div className={`standalone__card${className ? ` ${className}` : ''}`}>
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
