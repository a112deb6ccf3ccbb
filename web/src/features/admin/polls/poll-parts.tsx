import { useTranslation } from 'react-i18next';
import type { AdminPollState } from '@store/contract/admin/polls';
import { useFormat } from '../../../lib/format';

const badge: Record<AdminPollState, string> = {
  inactive: 'off',
  scheduled: 'warn',
  open: 'on',
  ended: 'off',
};

/** Where the poll stands for members, in words (never colour alone). */
export function PollState({ state }: { state: AdminPollState }) {
  const { t } = useTranslation();
  return (
    <span className={`admin-badge admin-badge--${badge[state]}`} data-testid="poll-state">
      {t(`admin.polls.state_${state}`)}
    </span>
  );
}

/** "from – until" in the store's clock; an open end is a dash, no dates at all says so. */
export function usePollDates() {
  const { t } = useTranslation();
  const f = useFormat();
  const one = (iso: string | null) => (iso ? f.instant(iso, { dateStyle: 'medium' }) : '—');
  return (from: string | null, until: string | null) =>
    from || until ? `${one(from)} – ${one(until)}` : t('admin.polls.noDates');
}
