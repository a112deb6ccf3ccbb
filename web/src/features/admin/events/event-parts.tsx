import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '@store/contract/admin/events';
import { formatDay } from '../../../lib/format';
import { StatusPill } from '../shell/status-pill';

/** Published or draft, and past once it ended. */
export function EventState({ event }: { event: AdminEvent }) {
  const { t } = useTranslation();
  return (
    <span className="admin-events__state" data-testid="event-state">
      <StatusPill tone={event.published ? 'on' : 'off'}>
        {event.published ? t('admin.events.published') : t('admin.events.draft')}
      </StatusPill>
      {event.past ? <StatusPill tone="warn">{t('admin.events.ended')}</StatusPill> : null}
    </span>
  );
}

/** 'sáb., 12 dic. 2026 · 21:00–23:59', or up to its last day, as the store's days and times. */
export function useEventWhen() {
  const { t, i18n } = useTranslation();
  return (e: AdminEvent) => {
    const day = (d: string) =>
      formatDay(d, i18n.language, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    const days =
      e.end_date && e.end_date !== e.start_date
        ? `${day(e.start_date)} – ${day(e.end_date)}`
        : day(e.start_date);
    const time = e.start_time
      ? e.end_time
        ? `${e.start_time}–${e.end_time}`
        : e.start_time
      : t('admin.events.allDay');
    return `${days} · ${time}`;
  };
}
