import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useCategories } from '../api/get-categories';
import { CompanyCard } from './company-card';
import { CompanyAds } from '../../../components/company-ads';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * A marketplace's way in for merchants (issue 36 row 10): the home is the shoppers' directory,
 * and a shop that wants to sell here finds the recruitment page (its landing) or, without one,
 * the store sign-up.
 */
function SellHere() {
  const app = useTenant();
  const { t } = useTranslation();
  if (!app.marketplace) return null;
  return (
    <aside className="sell-here" aria-labelledby="sell-here-title">
      <p id="sell-here-title" className="sell-here__text">
        {t('home.sellQuestion', { name: app.name })}
      </p>
      <Link
        className="button button--primary sell-here__link"
        to={app.landing_page ? '/landing' : '/crear-tienda'}
      >
        {t('home.sellHere')}
      </Link>
    </aside>
  );
}

/**
 * Multisite root: the app's categories, each with its companies, and a search box. On a
 * marketplace this is the directory of its approved stores (only those are public) and the
 * shoppers' home.
 */
export function MultisiteHome() {
  const app = useTenant();
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const searchRef = useTypedBeforeHydration(search, setSearch, 'multisite-search');
  const debounced = useDebounced(search.trim(), 300);
  const { data, isPending, isError } = useCategories(app.uid, debounced);
  const categories = (data?.results ?? []).filter(
    (category) => (category.companies ?? []).length > 0,
  );

  return (
    <div className="multisite-home">
      <section className="hero hero--compact">
        <h1 className="hero__title">{t('home.title')}</h1>
        <form className="search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('home.searchLabel')}
          </label>
          <svg className="search__icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={searchRef}
            data-early-text="multisite-search"
            id={searchId}
            className="search__input"
            type="search"
            value={search}
            placeholder={t('home.search')}
            onChange={(event) => setSearch(event.target.value)}
          />
        </form>
        <SellHere />
      </section>

      <CompanyAds companyUid={app.company.uid} />

      {isPending ? <Loading /> : null}
      {isError ? <PageMessage title={t('common.nothingToShow')} /> : null}
      {!isPending && !isError && categories.length === 0 ? (
        <PageMessage
          title={debounced ? t('common.noResultsFor', { term: debounced }) : t('home.noStores')}
        />
      ) : null}

      {categories.map((category) => (
        <section
          key={category.uid}
          className="category-section"
          aria-labelledby={`cat-${category.uid}`}
        >
          <header className="category-section__header">
            {category.image ? (
              <img
                className="category-section__image"
                src={category.image}
                alt=""
                style={{ background: category.color ?? undefined }}
              />
            ) : null}
            <h2 id={`cat-${category.uid}`} className="category-section__title">
              <Link to={`/categories/${category.uid}`}>{category.name}</Link>
            </h2>
          </header>
          <ul className="company-grid">
            {(category.companies ?? []).map((company) => (
              <li key={company.uid}>
                <CompanyCard company={company} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
