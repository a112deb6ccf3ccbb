import { lazy, Suspense, useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPlace, AdminPlacePatch } from '@store/contract/admin/places';
import { weekdays as DAYS, type Weekday } from '@store/contract/orders/weekdays';
import { MAX_SHIFTS, type Shift } from '@store/contract/orders/opening-hours';
import { ApiError } from '../../../api';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { usePlace } from './api/get-place';
import { useUpdatePlace } from './api/update-place';
import { PlaceState } from './place-state';

const PinMap = lazy(() => import('./pin-map').then((m) => ({ default: m.PinMap })));

type Values = {
  name: string;
  address: string;
  locality_name: string;
  telephone1: string;
  telephone2: string;
  latitude: string;
  longitude: string;
  /** The server's shape (so its field errors land on the same paths), plus each day's switch. */
  timetable: {
    days: Record<Weekday, Shift[]>;
    closures: { date: string; note: string }[];
    extra_note: string;
  };
  open: Record<Weekday, boolean>;
  pickup_enabled: boolean;
  orders_paused: boolean;
  delivery: { enabled: boolean; base_fare: string; per_km: string; max_radius_km: string };
};

/** The server's field names (dotted for nested ones), so its 400s land on the right input. */
const FIELDS = [
  'name',
  'address',
  'locality_name',
  'telephone1',
  'telephone2',
  'latitude',
  'longitude',
  ...DAYS.flatMap((d) => [
    `timetable.days.${d}`,
    ...Array.from({ length: MAX_SHIFTS }, (_, i) => [
      `timetable.days.${d}.${i}.from`,
      `timetable.days.${d}.${i}.to`,
    ]).flat(),
  ]),
  ...Array.from({ length: 60 }, (_, i) => [
    `timetable.closures.${i}.date`,
    `timetable.closures.${i}.note`,
  ]).flat(),
  'timetable.extra_note',
  'pickup_enabled',
  'orders_paused',
  'delivery.enabled',
  'delivery.base_fare',
  'delivery.per_km',
  'delivery.max_radius_km',
];

/** Lima: where the map opens for a place without a pin. */
const FALLBACK = { latitude: -12.0464, longitude: -77.0428 };

function valuesOf(p: AdminPlace): Values {
  // A closed day keeps one shift to edit once it is switched on.
  const day = (d: Weekday): Shift[] =>
    p.timetable.days[d].length ? p.timetable.days[d] : [{ from: '09:00', to: '18:00' }];
  return {
    name: p.name,
    address: p.address,
    locality_name: p.locality_name,
    telephone1: p.telephone1 ?? '',
    telephone2: p.telephone2 ?? '',
    latitude: p.latitude === null ? '' : String(p.latitude),
    longitude: p.longitude === null ? '' : String(p.longitude),
    timetable: {
      days: Object.fromEntries(DAYS.map((d) => [d, day(d)])) as Record<Weekday, Shift[]>,
      closures: p.timetable.closures,
      extra_note: p.timetable.extra_note,
    },
    open: Object.fromEntries(DAYS.map((d) => [d, p.timetable.days[d].length > 0])) as Record<
      Weekday,
      boolean
    >,
    pickup_enabled: p.pickup_enabled,
    orders_paused: p.orders_paused,
    delivery: {
      enabled: p.delivery.enabled,
      base_fare: p.delivery.base_fare,
      per_km: p.delivery.per_km,
      max_radius_km: String(p.delivery.max_radius_km || ''),
    },
  };
}

/** A typed number, or NaN for the server to refuse with the field named; empty is none. */
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));

function bodyOf(v: Values, version: number): AdminPlacePatch {
  return {
    name: v.name,
    address: v.address,
    locality_name: v.locality_name,
    telephone1: v.telephone1.trim() || null,
    telephone2: v.telephone2.trim() || null,
    latitude: numberOrNull(v.latitude),
    longitude: numberOrNull(v.longitude),
    timetable: {
      days: Object.fromEntries(
        DAYS.map((d) => [d, v.open[d] ? v.timetable.days[d] : []]),
      ) as Record<Weekday, Shift[]>,
      closures: v.timetable.closures,
      extra_note: v.timetable.extra_note,
    },
    pickup_enabled: v.pickup_enabled,
    orders_paused: v.orders_paused,
    delivery: {
      enabled: v.delivery.enabled,
      base_fare: v.delivery.base_fare,
      per_km: v.delivery.per_km,
      max_radius_km: numberOrNull(v.delivery.max_radius_km) ?? 0,
    },
    version,
  };
}

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

function PlaceForm({ place }: { place: AdminPlace }) {
  const { t } = useTranslation();
  const update = useUpdatePlace();
  const [version, setVersion] = useState(place.version);
  const [stored, setStored] = useState(place.delivery);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ defaultValues: valuesOf(place) });
  const e = form.formState.errors;
  const [lat, lng, deliveryOn, radius] = form.watch([
    'latitude',
    'longitude',
    'delivery.enabled',
    'delivery.max_radius_km',
  ]);
  const openDays = form.watch(DAYS.map((d) => `open.${d}` as const));
  // Only the inputs on screen take the server's field errors: an error of a hidden one (delivery
  // off, a closed day) goes to the form's alert instead of vanishing (issue 36 row 1).
  const shown = FIELDS.filter((f) => {
    if (f.startsWith('delivery.') && f !== 'delivery.enabled') return deliveryOn;
    const day = DAYS.findIndex((d) => f.startsWith(`timetable.days.${d}.`));
    return day < 0 || openDays[day];
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    shown,
    'admin.places.saveError',
  );
  const point =
    numberOrNull(lat) !== null && numberOrNull(lng) !== null
      ? { latitude: Number(lat), longitude: Number(lng) }
      : null;
  const message = (m?: string) => (m?.startsWith('admin.places.') ? t(m) : m);

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setGeneral([]);
    // Pausing stops the store's orders at once: asked before it is sent.
    if (
      values.orders_paused &&
      !place.orders_paused &&
      !window.confirm(t('admin.places.confirmPause', { name: values.name }))
    )
      return;
    try {
      const body = bodyOf(values, version);
      // Delivery off: its hidden fields go as stored, so nothing typed and hidden can block.
      if (!values.delivery.enabled) body.delivery = { ...stored, enabled: false };
      const after = await update.mutateAsync({ uid: place.uid, ...body });
      setVersion(after.version);
      setStored(after.delivery);
      form.reset(valuesOf(after));
      setSaved(true);
    } catch (error) {
      // Someone else saved first: the form shows their place, to be changed again.
      if (error instanceof ApiError && error.code === 'admin.version_conflict') {
        const current = (error.body as { current: AdminPlace }).current;
        setVersion(current.version);
        setStored(current.delivery);
        form.reset(valuesOf(current));
        setGeneral(['admin.places.conflict']);
        return;
      }
      showError(error);
    }
  });

  return (
    <form
      className="admin-place-form"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={place.name}
    >
      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.places.general')}</h2>
        <div className="admin-place-form__grid">
          <TextField
            label={t('admin.places.name')}
            error={e.name?.message}
            {...form.register('name')}
          />
          <TextField
            label={t('admin.places.address')}
            error={e.address?.message}
            {...form.register('address')}
          />
          <TextField
            label={t('admin.places.localityName')}
            error={e.locality_name?.message}
            {...form.register('locality_name')}
          />
          <TextField
            label={t('admin.places.telephone1')}
            type="tel"
            error={e.telephone1?.message}
            {...form.register('telephone1')}
          />
          <TextField
            label={t('admin.places.telephone2')}
            type="tel"
            error={e.telephone2?.message}
            {...form.register('telephone2')}
          />
        </div>
      </section>

      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.places.location')}</h2>
        <p className="admin-page__note">{t('admin.places.locationHint')}</p>
        <Suspense fallback={<Loading />}>
          <PinMap
            point={point}
            fallback={FALLBACK}
            radiusKm={deliveryOn ? numberOrNull(radius) : null}
            onPick={(p) => {
              form.setValue('latitude', String(p.latitude), { shouldDirty: true });
              form.setValue('longitude', String(p.longitude), { shouldDirty: true });
            }}
            label={t('admin.places.mapLabel')}
            tilesFailedText={t('admin.places.tilesFailed')}
          />
        </Suspense>
        <div className="admin-place-form__grid">
          <TextField
            label={t('admin.places.latitude')}
            inputMode="decimal"
            error={e.latitude?.message}
            {...form.register('latitude')}
          />
          <TextField
            label={t('admin.places.longitude')}
            inputMode="decimal"
            error={e.longitude?.message}
            {...form.register('longitude')}
          />
        </div>
      </section>

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

      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.places.shipping')}</h2>
        <CheckboxField
          label={t('admin.places.pickupEnabled')}
          error={e.pickup_enabled?.message}
          {...form.register('pickup_enabled')}
        />
        <p className="admin-page__note">{t('admin.places.pickupHint')}</p>
        <CheckboxField
          label={t('admin.places.deliveryEnabled')}
          error={e.delivery?.enabled?.message}
          {...form.register('delivery.enabled')}
        />
        {deliveryOn ? (
          <>
            <div className="admin-place-form__grid">
              <TextField
                label={t('admin.places.baseFare')}
                inputMode="decimal"
                error={e.delivery?.base_fare?.message}
                {...form.register('delivery.base_fare')}
              />
              <TextField
                label={t('admin.places.perKm')}
                inputMode="decimal"
                error={e.delivery?.per_km?.message}
                {...form.register('delivery.per_km')}
              />
              <TextField
                label={t('admin.places.radius')}
                inputMode="decimal"
                error={e.delivery?.max_radius_km?.message}
                {...form.register('delivery.max_radius_km')}
              />
            </div>
            <p className="admin-page__note">{t('admin.places.fareHint')}</p>
          </>
        ) : null}
      </section>

      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.places.pause')}</h2>
        <CheckboxField
          label={t('admin.places.ordersPaused')}
          error={e.orders_paused?.message}
          {...form.register('orders_paused')}
        />
        <p className="admin-page__note">{t('admin.places.pauseHint')}</p>
      </section>

      <div className="admin-place-form__actions">
        <FormAlert messages={general.map((m) => message(m)!)} />
        {saved ? <FormAlert tone="info" messages={[t('admin.places.saved')]} /> : null}
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {t('admin.places.save')}
        </button>
      </div>
    </form>
  );
}

/** /admin/places/{uid}: one place's editor. */
export function PlaceEditorPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const query = usePlace(uid);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <Link to="/admin/places" className="admin-place-back">
          ← {t('admin.places.back')}
        </Link>
        <h1 className="admin-page__title">{query.data?.name ?? t('admin.places.title')}</h1>
        {query.data ? <PlaceState place={query.data} /> : null}
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <PageMessage
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? t('admin.places.notFound')
              : t('admin.fetchError')
          }
        >
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('admin.retry')}
          </button>
        </PageMessage>
      ) : (
        <PlaceForm key={query.data.uid} place={query.data} />
      )}
    </div>
  );
}
