import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useCategories } from '../api/get-categories';
import { useAllowedCompanies } from '../api/get-allowed-companies';
import { CompanyCard } from './company-card';

/** /categories/{uid} (multisite): the companies of one category. */
export function CategoryPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const { categoryUid = '' } = useParams();
  const categories = useCategories(app.uid, '');
  const companies = useAllowedCompanies(app.uid, categoryUid);
  const category = categories.data?.results.find((item) => item.uid === categoryUid);
  const list = companies.data?.results ?? [];

  if (companies.isPending || categories.isPending) return <Loading />;
  if (!category) return <PageMessage title={t('common.notFound')} />;
  return (
    <div className="multisite-home">
      <p className="category-page__back">
        <Link to="/">{t('home.allCategories')}</Link>
      </p>
      <section className="category-section" aria-labelledby="category-title">
        <header className="category-section__header">
          {category.image ? (
            <img
              className="category-section__image"
              src={category.image}
              alt=""
              style={{ background: category.color ?? undefined }}
            />
          ) : null}
          <h1 id="category-title" className="category-section__title">
            {category.name}
          </h1>
        </header>
        {companies.isError ? <PageMessage title={t('common.nothingToShow')} /> : null}
        {!companies.isError && list.length === 0 ? <PageMessage title={t('home.empty')} /> : null}
        <ul className="company-grid">
          {list.map((company) => (
            <li key={company.uid}>
              <CompanyCard company={company} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
