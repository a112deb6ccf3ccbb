import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHiddenForMembers, useTenant } from '../../../lib/tenant';
import { NotFound } from '../../../components/not-found';
import { CartaProducts } from './carta-products';

/**
 * /carta: banner with logo and company name, a link to / when the store is visible, the
 * category bar and the company's product list (infinite scroll); not found when the cart is
 * hidden from members.
 */
export function CartaPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const company = app.company;
  if (isHiddenForMembers(company, 'cart')) return <NotFound />;
  const banner = company.banner ?? company.cover;
  const storeVisible = company.ecommerce_enabled && !isHiddenForMembers(company, 'store');
  return (
    <div className="carta">
      <section className="banner banner--short">
        {banner ? <img className="banner__image" src={banner} alt="" /> : null}
        <div className="banner__content banner__content--row">
          {company.logo ? (
            <img
              className="banner__logo"
              src={company.logo}
              alt={t('common.logoAlt', { name: company.name })}
            />
          ) : null}
          <div>
            <h1 className="banner__title">{company.name}</h1>
            <p className="banner__eyebrow">{t('carta.title')}</p>
          </div>
        </div>
      </section>
      {storeVisible ? (
        <p className="carta__store-link">
          <Link to="/" className="button button--primary">
            {t('carta.goStore')}
          </Link>
        </p>
      ) : null}
      <CartaProducts companyUid={company.uid} />
    </div>
  );
}
