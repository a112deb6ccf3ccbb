import { useTranslation } from 'react-i18next';
import type { NotificationState } from '../lib/order-alerts';
import '../styles/order-alerts.css';

/**
 * The switches of a console's new-order alerts: the sound, and the browser's notifications
 * (asked only on this button, as browsers require and people prefer). `prefix` names the
 * console's texts (`admin.alerts`, `staff.alerts`); `last` is the latest announcement, read out
 * by screen readers.
 */
export function OrderAlertsBar({
  prefix,
  sound,
  onToggleSound,
  permission,
  onAskPermission,
  last,
  className,
}: {
  prefix: string;
  sound: boolean;
  onToggleSound: () => void;
  permission: NotificationState;
  onAskPermission: () => void;
  last: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`order-alerts ${className ?? ''}`} data-testid="order-alerts">
      <button
        type="button"
        className="order-alerts__switch"
        aria-pressed={sound}
        title={t(`${prefix}.soundHint`)}
        onClick={onToggleSound}
      >
        <BellIcon muted={!sound} />
        {sound ? t(`${prefix}.soundOn`) : t(`${prefix}.soundOff`)}
      </button>
      {permission === 'default' ? (
        <button
          type="button"
          className="order-alerts__switch"
          title={t(`${prefix}.enableHint`)}
          onClick={onAskPermission}
          data-testid="order-alerts-enable"
        >
          {t(`${prefix}.enable`)}
        </button>
      ) : (
        <span className="order-alerts__note">
          {permission === 'granted'
            ? t(`${prefix}.enabled`)
            : permission === 'denied'
              ? t(`${prefix}.blocked`)
              : t(`${prefix}.unsupported`)}
        </span>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {last ?? ''}
      </span>
    </div>
  );
}

/** A bell, struck through when muted (drawn: emoji fonts are not on every device). */
function BellIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      className="order-alerts__icon"
    >
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
      {muted ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
