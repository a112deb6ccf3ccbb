import { useTranslation } from 'react-i18next';
import { useCompanyAds } from '../api/get-company-ads';
import { BlockLink } from './block-link';
import '../styles/catalog.css';
import '../styles/ad-banner.css';

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
            <BlockLink
              link={ad.link}
              className={
                ad.image ? 'ad-banner ad-banner--image company-ad' : 'ad-banner company-ad'
              }
            >
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
              <span className="ad-banner__title">{ad.title}</span>
            </BlockLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
