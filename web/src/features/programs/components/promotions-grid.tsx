import { useState } from 'react';
import { useNextPageSentinel } from '../../../lib/use-next-page-sentinel';
import { useTranslation } from 'react-i18next';
import type { PromotionKind } from '@store/contract/loyalty/promotions';
import { usePlaces } from '../../../api/get-places';
import { usePromotions } from '../api/get-promotions';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Loading } from '../../../components/loading';
import { FetchError, PromotionCard } from './parts';
import '../../../styles/chip.css';

const KINDS: PromotionKind[] = [
  'DISCOUNT_RATE',
  'FIXED_DISCOUNT',
  'GIFT',
  'SPECIAL_PRICE',
  'GIFT_CARD',
  'STAMPS',
];
const SEARCH_DEBOUNCE_MS = 800;

/**
 * The program's promotions, 24 a page, more on scroll (and a button for keyboards and
 * screen readers); "Para ti" asks for tagged=true, the promotions featured for this member.
 */
export function PromotionsGrid({
  programUid,
  companyUid,
  prefix,
}: {
  programUid: string;
  companyUid: string;
  prefix: string;
}) {
  const { t } = useTranslation();
  const [tagged, setTagged] = useState(false);
  const [kind, setKind] = useState<PromotionKind | ''>('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [place, setPlace] = useState('');
  // The company's places: a promotion without places of its own is usable in all of them.
  const places = usePlaces(companyUid);
  const filters = {
    tagged,
    kind: kind || undefined,
    search: debounced || undefined,
    place: place || undefined,
  };
  const promotions = usePromotions(programUid, filters);
  const sentinel = useNextPageSentinel(promotions);
  const { hasNextPage, isFetchingNextPage, data } = promotions;

  const list = data?.pages.flatMap((page) => page.results) ?? [];
  const filtered = tagged || kind !== '' || debounced !== '' || place !== '';

  return (
    <div className="promotions">
      <div className="promotions__filters">
        <div className="promotions__chips" role="group" aria-label={t('programs.promotions')}>
          <button
            type="button"
            className="chip"
            aria-pressed={!tagged}
            onClick={() => setTagged(false)}
          >
            {t('programs.all')}
          </button>
          <button
            type="button"
            className="chip"
            aria-pressed={tagged}
            onClick={() => setTagged(true)}
          >
            {t('programs.featured')}
          </button>
        </div>
        <div className="promotions__search">
          <input
            aria-label={t('programs.search')}
            type="search"
            value={search}
            placeholder={t('programs.search')}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={100}
          />
        </div>
        <div className="promotions__kind">
          <select
            aria-label={t('programs.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as PromotionKind | '')}
          >
            <option value="">{t('programs.allKinds')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`programs.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {(places.data?.length ?? 0) > 1 ? (
          <div className="promotions__kind">
            <select
              aria-label={t('programs.place')}
              value={place}
              onChange={(e) => setPlace(e.target.value)}
            >
              <option value="">{t('programs.allPlaces')}</option>
              {places.data!.map((p) => (
                <option key={p.uid} value={p.uid}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {promotions.isPending ? (
        <Loading />
      ) : promotions.isError && list.length === 0 ? (
        <FetchError onRetry={() => void promotions.refetch()} />
      ) : list.length === 0 ? (
        <p className="promotions__empty">
          {filtered ? t('programs.noPromotionsFiltered') : t('programs.noPromotions')}
        </p>
      ) : (
        <>
          <ul className="promo-grid" aria-busy={promotions.isFetching}>
            {list.map((promotion) => (
              <li key={promotion.uid}>
                <PromotionCard
                  promotion={promotion}
                  to={`${prefix}/program/${programUid}/promotions/${promotion.uid}`}
                />
              </li>
            ))}
          </ul>
          <div ref={sentinel} aria-hidden="true" />
          {isFetchingNextPage ? <Loading /> : null}
          {hasNextPage && !isFetchingNextPage ? (
            <button
              type="button"
              className="button button--ghost promotions__more"
              onClick={() => void promotions.fetchNextPage()}
            >
              {t('programs.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
