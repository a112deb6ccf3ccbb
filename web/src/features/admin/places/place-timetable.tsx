import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { weekdays as DAYS, type Weekday } from '@store/contract/orders/weekdays';
import { MAX_SHIFTS } from '@store/contract/orders/opening-hours';
import { CheckboxField, TextField } from '../../../components/form-fields';
import type { Values } from './place-values';

/** One weekday: its switch and its shifts (up to MAX_SHIFTS), each removable. */
function DayRow({ form, day }: { form: UseFormReturn<Values>; day: Weekday }) {
  const { t } = useTranslation();
  const shifts = useFieldArray({ control: form.control, name: `timetable.days.${day}` });
  const e = form.formState.errors.timetable?.days?.[day];
  const open = form.watch(`open.${day}`);
  const name = t(`admin.places.day_${day}`);
  const message = (m?: string) => (m?.startsWith('admin.places.') ? t(m) : m);
  return (
    <fieldset className="admin-place-day" data-testid={`place-day-${day}`}>
      <legend>{name}</legend>
      <CheckboxField
        label={t('admin.places.openDay', { day: name.toLowerCase() })}
        {...form.register(`open.${day}`)}
      />
      {open ? (
        <>
          {shifts.fields.map((field, i) => (
            <div
              className="admin-place-day__shift"
              key={field.id}
              data-testid={`shift-${day}-${i}`}
            >
              <TextField
                label={t('admin.places.from')}
                type="time"
                error={message(e?.[i]?.from?.message ?? (i === 0 ? e?.message : undefined))}
                {...form.register(`timetable.days.${day}.${i}.from`)}
              />
              <TextField
                label={t('admin.places.to')}
                type="time"
                error={message(e?.[i]?.to?.message)}
                {...form.register(`timetable.days.${day}.${i}.to`)}
              />
              {shifts.fields.length > 1 ? (
                <button
                  type="button"
                  className="button button--small admin-place-day__remove"
                  aria-label={t('admin.places.removeShift', { n: i + 1, day: name.toLowerCase() })}
                  onClick={() => shifts.remove(i)}
                >
                  ×
                </button>
              ) : null}
            </div>
          ))}
          {shifts.fields.length < MAX_SHIFTS ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                const last = form.getValues(`timetable.days.${day}`).at(-1);
                shifts.append({ from: last?.to ?? '19:00', to: '23:00' });
              }}
            >
              {t('admin.places.addShift')}
            </button>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/** Dated closures (holidays): a date and an optional reason each. */
function Closures({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation();
  const list = useFieldArray({ control: form.control, name: 'timetable.closures' });
  const e = form.formState.errors.timetable?.closures;
  const message = (m?: string) => (m?.startsWith('admin.places.') ? t(m) : m);
  return (
    <fieldset className="admin-place-day" data-testid="place-closures">
      <legend>{t('admin.places.closures')}</legend>
      <p className="admin-page__note">{t('admin.places.closuresHint')}</p>
      {list.fields.map((field, i) => (
        <div className="admin-place-day__shift" key={field.id}>
          <TextField
            label={t('admin.places.closureDate')}
            type="date"
            error={message(e?.[i]?.date?.message)}
            {...form.register(`timetable.closures.${i}.date`)}
          />
          <TextField
            label={t('admin.places.closureNote')}
            error={message(e?.[i]?.note?.message)}
            {...form.register(`timetable.closures.${i}.note`)}
          />
          <button
            type="button"
            className="button button--small admin-place-day__remove"
            aria-label={t('admin.places.removeClosure', {
              date: form.getValues(`timetable.closures.${i}.date`),
            })}
            onClick={() => list.remove(i)}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        onClick={() => list.append({ date: '', note: '' })}
      >
        {t('admin.places.addClosure')}
      </button>
    </fieldset>
  );
}

/** The week's shifts, the dated closures and a note for the shoppers. */
export function TimetableSection({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation();
  const e = form.formState.errors;
  return (
    <section className="admin-panel">
      <h2 className="admin-panel__title">{t('admin.places.timetable')}</h2>
      <p className="admin-page__note">{t('admin.places.timetableHint')}</p>
      <button
        type="button"
        className="button button--small admin-place-copy"
        onClick={() => {
          const monday = form.getValues('timetable.days.monday');
          const on = form.getValues('open.monday');
          for (const d of ['tuesday', 'wednesday', 'thursday', 'friday'] as const) {
            form.setValue(`timetable.days.${d}`, structuredClone(monday), { shouldDirty: true });
            form.setValue(`open.${d}`, on, { shouldDirty: true });
          }
        }}
      >
        {t('admin.places.copyWeekdays')}
      </button>
      <div className="admin-place-week">
        {DAYS.map((day) => (
          <DayRow key={day} form={form} day={day} />
        ))}
      </div>
      <Closures form={form} />
      <TextField
        label={t('admin.places.extraNote')}
        error={e.timetable?.extra_note?.message}
        {...form.register('timetable.extra_note')}
      />
    </section>
  );
}
