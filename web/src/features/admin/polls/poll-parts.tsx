import { useTranslation } from 'react-i18next';
import type { AdminPollState } from '@store/contract/admin/polls';
import { useFormat } from '../../../lib/format';
import { StatusPill, type PillTone } from '../shell/status-pill';

const badge: Record<AdminPollState, PillTone> = {
  inactive: 'off',
  scheduled: 'warn',
  open: 'on',
  ended: 'off',
};

/** Where the poll stands for members, in words (never colour alone). */
export function PollState({ state }: { state: AdminPollState }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={badge[state]} data-testid="poll-state">
      {t(`admin.polls.state_${state}`)}
    </StatusPill>
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
