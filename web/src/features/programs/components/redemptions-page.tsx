import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMemberProgram } from '../../../api/get-member-program';
import { useRedemptions } from '../api/get-redemptions';
import { useFormatPrice } from '../../../lib/money';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { FetchError, isNotFound, ProgramNotFound } from './parts';
import '../../../styles/programs.css';
import { formatInstant } from '../../../lib/format';

/** /program/{uid}/redemptions: the member's redemptions in the program, newest first. */
export function RedemptionsPage() {
  const { programUid = '' } = useParams();
  const { t, i18n } = useTranslation();
  const price = useFormatPrice();
  const company = useCurrentCompany();
  const program = useMemberProgram(programUid);
  const redemptions = useRedemptions(programUid, {}, { enabled: program.isSuccess });
  const programPath = `${company.prefix}/program/${programUid}`;
  const date = (iso: string) =>
    formatInstant(iso, i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  if (program.isPending) return <Loading />;
  if (program.isError)
    return isNotFound(program.error) ? (
      <ProgramNotFound />
    ) : (
      <FetchError onRetry={() => void program.refetch()} />
    );
  const list = redemptions.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <div className="program redemptions">
      <Link className="program__back" to={programPath}>
        ← {t('programs.backToProgram')}
      </Link>
      <h1 className="redemptions__title">{t('programs.redemptions.title')}</h1>
      <p className="program-note">{program.data.name}</p>
      {redemptions.isPending ? (
        <Loading />
      ) : redemptions.isError ? (
        <FetchError onRetry={() => void redemptions.refetch()} />
      ) : list.length === 0 ? (
        <PageMessage
          title={t('programs.redemptions.empty')}
          text={t('programs.redemptions.emptyText')}
        >
          <Link className="button button--primary" to={programPath}>
            {t('programs.redemptions.seePromotions')}
          </Link>
        </PageMessage>
      ) : (
        <>
          <ul className="redemption-list">
            {list.map((r) => (
              <li key={r.uid} className="redemption" data-redemption={r.promotion.name}>
                <div className="redemption__top">
                  <Link
                    to={`${programPath}/promotions/${r.promotion.uid}`}
                    className="redemption__name"
                  >
                    {r.promotion.name}
                  </Link>
                  <span className={`redemption__status redemption__status--${r.status}`}>
                    {t(`programs.redemptions.status.${r.status}`)}
                  </span>
                </div>
                <p className="redemption__meta">
                  {t('programs.redemptions.code', { code: r.code })}
                  {r.coins_spent > 0
                    ? ` · ${t('programs.redemptions.coinsSpent', { count: r.coins_spent })}`
                    : ''}
                  {r.stamps_spent > 0
                    ? ` · ${t('programs.redemptions.stampsSpent', { count: r.stamps_spent })}`
                    : ''}
                  {r.amount !== null
                    ? ` · ${t('programs.redemptions.amount', { value: price(r.amount) })}`
                    : ''}
                </p>
                <p className="redemption__meta">
                  {r.used_at
                    ? t('programs.redemptions.usedAt', { date: date(r.used_at) })
                    : t('programs.redemptions.createdAt', { date: date(r.created_at) })}
                </p>
              </li>
            ))}
          </ul>
          {redemptions.hasNextPage ? (
            <button
              type="button"
              className="button button--ghost promotions__more"
              disabled={redemptions.isFetchingNextPage}
              onClick={() => void redemptions.fetchNextPage()}
            >
              {redemptions.isFetchingNextPage
                ? t('common.loading')
                : t('programs.redemptions.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
