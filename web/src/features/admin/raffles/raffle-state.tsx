import { useTranslation } from 'react-i18next';
import type { AdminRaffle } from '@store/contract/admin/raffles';
import { formatInstant } from '../../../lib/format';
import { StatusPill, type PillTone } from '../shell/status-pill';

// Its own file: the list, the editor and the draw show these, and the list opens the editor (issue 38).
/** Open (members may enter), drawn, or closed. */
export function RaffleState({ raffle }: { raffle: AdminRaffle }) {
  const { t } = useTranslation();
  const [kind, text]: [PillTone, string] = raffle.drawn_at
    ? ['warn', t('admin.raffles.drawn')]
    : raffle.is_open
      ? ['on', t('admin.raffles.open')]
      : ['off', t('admin.raffles.closed')];
  return (
    <StatusPill tone={kind} data-testid="raffle-state">
      {text}
    </StatusPill>
  );
}

/** Dates in the store's clock, in the reader's language; '—' for none. */
export function useStoreDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatInstant(iso, i18n.language) : '—');
}
