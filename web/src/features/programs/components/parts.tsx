import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberLevel, MemberProgram } from '@store/contract/loyalty/programs';
import { ApiError } from '../../../api/client';
import { errorMessagesOf, levelProgress } from '../../../lib/loyalty';
import { useErrorText } from '../../../lib/error-text';
import { formatExpiryDate } from '../../../lib/points-expiry';
import { formatNumber } from '../../../lib/format';
import { PageMessage } from '../../../components/page-message';

// The promotion card moved to shared code: the back office's preview renders the same one.
export { PromotionCard, StateBadge, usePromotionValue } from '../../../components/promotion-card';

type ProgramLevel = MemberProgram['levels'][number];

/**
 * The messages of a failed loyalty call in the reader's language (by their codes), the spec's
 * generic text when there is none.
 */
export function useLoyaltyErrors(): (error: unknown) => string[] {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const messages = error instanceof ApiError ? errorMessagesOf(error) : [];
      return messages.length ? messages.map(errorText) : [t('programs.genericError')];
    },
    [t, errorText],
  );
}

export function ErrorAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-alert form-alert--error" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The not-found state of a program (or of a promotion inside one). */
export function ProgramNotFound({ promotion = false }: { promotion?: boolean }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={promotion ? t('programs.promotionNotFound') : t('programs.notFound')}
      text={t('programs.notFoundText')}
      icon={<span className="page-message__code">404</span>}
    >
      <Link className="button button--primary" to="/">
        {t('common.backHome')}
      </Link>
    </PageMessage>
  );
}

/** A failed load that is not a 404: the spec's 'could not be fetched' with a retry. */
export function FetchError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageMessage title={t('programs.fetchError')}>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('programs.retry')}
      </button>
    </PageMessage>
  );
}

/** Level widget: no level / current level, and the points missing for the next one. */
export function LevelWidget({
  level,
  points,
  levels,
}: {
  level: MemberLevel;
  points: number;
  levels: ProgramLevel[];
}) {
  const { t } = useTranslation();
  const progress = levelProgress(level, points);
  return (
    <section className="level-card" aria-labelledby="level-title" data-testid="level-widget">
      <h2 id="level-title" className="level-card__label">
        {t('programs.levelTitle')}
      </h2>
      <p className="level-card__name">
        {level.current
          ? t('programs.currentLevel', { name: level.current.name })
          : t('programs.noLevel')}
      </p>
      {levels.length > 0 ? (
        <div
          className="level-card__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={
            level.next
              ? t('programs.pointsToNext', {
                  count: level.points_to_next ?? 0,
                  name: level.next.name,
                })
              : t('programs.topLevel')
          }
        >
          <span style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      <p className="level-card__next">
        {level.next
          ? t('programs.pointsToNext', { count: level.points_to_next ?? 0, name: level.next.name })
          : levels.length > 0
            ? t('programs.topLevel')
            : null}
      </p>
      {levels.length > 1 ? (
        <ol className="level-card__levels" aria-label={t('programs.levels')}>
          {levels.map((item) => (
            <li
              key={item.name}
              className={
                item.name === level.current?.name
                  ? 'level-card__level level-card__level--on'
                  : 'level-card__level'
              }
            >
              <strong>{item.name}</strong>
              <span>{t('programs.levelFrom', { count: item.min_points })}</span>
              {item.benefits ? <span className="level-card__benefits">{item.benefits}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** Points, coins and stamps, each only when the program uses it. */
export function Balances({ program }: { program: MemberProgram }) {
  const { t, i18n } = useTranslation();
  const items: { key: 'points' | 'coins' | 'stamps'; on: boolean }[] = [
    { key: 'points', on: program.points_enabled },
    { key: 'coins', on: program.coins_enabled },
    { key: 'stamps', on: program.stamps_enabled },
  ];
  const shown = items.filter((item) => item.on);
  if (shown.length === 0) return null;
  return (
    <section className="balances" aria-label={t('programs.balances')}>
      {shown.map((item) => (
        <div key={item.key} className={`balance balance--${item.key}`} data-balance={item.key}>
          <span className="balance__value">
            {formatNumber(program.balances[item.key], i18n.language)}
          </span>
          <span className="balance__label">{t(`programs.${item.key}`)}</span>
        </div>
      ))}
      {program.points_enabled && program.points_expiring ? (
        <p className="balances__expiring" data-testid="points-expiring">
          {t('programs.pointsExpiring', {
            count: program.points_expiring.amount,
            formatted: formatNumber(program.points_expiring.amount, i18n.language),
            date: formatExpiryDate(program.points_expiring.date, i18n.language),
          })}
        </p>
      ) : null}
    </section>
  );
}

export function Section({
  title,
  children,
  id,
  className,
}: {
  title: string;
  children: ReactNode;
  id?: string;
  className?: string;
}) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-title`;
  return (
    <section className={`program-section ${className ?? ''}`} id={id} aria-labelledby={headingId}>
      <h2 id={headingId} className="program-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
