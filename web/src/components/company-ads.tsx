import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ad } from '@store/contract';
import { useCompanyAds } from '../api/get-company-ads';
import { blockLinkKind } from '../lib/block-link';
import '../styles/catalog.css';

function AdLink({ ad, children }: { ad: Ad; children: ReactNode }) {
  const kind = blockLinkKind(ad.link);
  const className = ad.image ? 'company-ad company-ad--image' : 'company-ad';
  if (kind === 'internal') {
    return (
      <Link to={ad.link!} className={className}>
        {children}
      </Link>
    );
  }
  if (kind === 'anchor' || kind === 'external') {
    return (
      <a
        href={ad.link!}
        className={className}
        {...(kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}

/**
 * The company's ads (`GET v5/companies/{uid}/ads`) as a strip of banners that scrolls sideways;
 * left out on failure and when there are none (decorations never block a page). While they load
 * the strip's box is held empty: banners arriving after the first paint pushed the place picker
 * and the products down (Lighthouse measured a layout shift of 0.13 on /products).
 */
export function CompanyAds({ companyUid }: { companyUid: string }) {
  const { t } = useTranslation();
  const ads = useCompanyAds(companyUid);
  if (ads.isPending) return <div className="company-ads company-ads--loading" aria-hidden="true" />;
  const list = ads.data?.results ?? [];
  if (list.length === 0) return null;
  return (
    <section className="company-ads" aria-label={t('catalog.ads')} data-testid="company-ads">
      <ul className="company-ads__list">
        {list.map((ad, index) => (
          <li key={ad.uid}>
            <AdLink ad={ad}>
              {/* The first banner is on screen when the page opens (its largest paint on a
                  phone): loaded at once and first; the others wait until scrolled to. */}
              {ad.image ? (
                <img
                  src={ad.image}
                  alt=""
                  {...(index === 0
                    ? { fetchPriority: 'high' as const }
                    : { loading: 'lazy' as const })}
                />
              ) : null}
              <span className="company-ad__title">{ad.title}</span>
            </AdLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
