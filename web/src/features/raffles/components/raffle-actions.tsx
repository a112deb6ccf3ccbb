import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Raffle } from '@store/contract/loyalty/engagement';
import { useDismissRaffle } from '../api/dismiss-raffle';
import { useRegisterRaffle } from '../api/register-raffle';
import { serverFormErrors } from '../../../lib/form-errors';
import { raffleStatus } from '../raffle-logic';
import { useErrorText } from '../../../lib/error-text';

/** Register and dismiss buttons of a raffle (both refresh every raffle read: see their api files). */
export function RaffleActions({
  raffle,
  onDismissed,
}: {
  raffle: Raffle;
  onDismissed?: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const showError = (error: unknown) => {
    const { general } = serverFormErrors(error, []);
    toast.error(general[0] ? errorText(general[0]) : t('raffles.actionError'));
  };
  const register = useRegisterRaffle(raffle.program, raffle.uid, {
    onSuccess: () => toast.success(t('raffles.registeredToast', { name: raffle.name })),
    onError: showError,
  });
  const dismiss = useDismissRaffle(raffle.program, raffle.uid, {
    onSuccess: () => {
      toast.info(t('raffles.dismissedToast', { name: raffle.name }));
      onDismissed?.();
    },
    onError: showError,
  });
  const status = raffleStatus(raffle);
  const busy = register.isPending || dismiss.isPending;

  return (
    <div className="raffle-actions">
      {status === 'open' ? (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => register.mutate()}
        >
          {register.isPending ? t('raffles.registering') : t('raffles.register')}
        </button>
      ) : null}
      {!raffle.dismissed ? (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => dismiss.mutate()}
        >
          {t('raffles.dismiss')}
        </button>
      ) : null}
    </div>
  );
}

export function RaffleBadge({ raffle }: { raffle: Raffle }) {
  const { t } = useTranslation();
  const status = raffleStatus(raffle);
  return (
    <span className={`engagement-badge engagement-badge--${status}`}>
      {t(`raffles.status_${status}`)}
    </span>
  );
}
