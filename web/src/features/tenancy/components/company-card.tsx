import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanySummary } from '@store/contract';

/** A company of the multisite home: logo, name and description, opening /c/{uid}/. */
export function CompanyCard({ company }: { company: CompanySummary }) {
  const { t } = useTranslation();
  return (
    <Link className="company-card" to={`/c/${company.uid}/`}>
      {company.logo ? (
        <img
          className="company-card__logo"
          src={company.logo}
          alt={t('common.logoAlt', { name: company.name })}
        />
      ) : (
        <span className="company-card__logo company-card__logo--empty" aria-hidden="true">
          {company.name.slice(0, 1)}
        </span>
      )}
      <span className="company-card__body">
        <span className="company-card__name">{company.name}</span>
        {company.description ? (
          <span className="company-card__text">{company.description}</span>
        ) : null}
        {company.opens_soon ? (
          <span className="company-card__soon">{t('home.opensSoon')}</span>
        ) : null}
      </span>
    </Link>
  );
}
