import { lazy, Suspense, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPlace, AdminPlacePatch } from '@store/contract/admin/places';
import { ApiError } from '../../../api';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { usePlace } from './api/get-place';
import { useUpdatePlace } from './api/update-place';
import { PlaceState } from './places-page';

const PinMap = lazy(() => import('./pin-map').then((m) => ({ default: m.PinMap })));

const DAYS = ['monday', 'saturday', 'sunday'] as const;
type Day = { open: boolean; from: string; to: string };
type Values = {
  name: string;
  address: string;
  locality_name: string;
  telephone1: string;
  telephone2: string;
  latitude: string;
  longitude: string;
  timetable: Record<(typeof DAYS)[number], Day> & { extra_note: string };
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
  ...DAYS.flatMap((d) => [`timetable.${d}`, `timetable.${d}.from`, `timetable.${d}.to`]),
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
  const day = (d: (typeof DAYS)[number]): Day => {
    const hours = p.timetable[d];
    return hours ? { open: true, ...hours } : { open: false, from: '09:00', to: '18:00' };
  };
  return {
    name: p.name,
    address: p.address,
    locality_name: p.locality_name,
    telephone1: p.telephone1 ?? '',
    telephone2: p.telephone2 ?? '',
    latitude: p.latitude === null ? '' : String(p.latitude),
    longitude: p.longitude === null ? '' : String(p.longitude),
    timetable: {
      monday: day('monday'),
      saturday: day('saturday'),
      sunday: day('sunday'),
      extra_note: p.timetable.extra_note,
    },
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
  const day = (d: Day) => (d.open ? { from: d.from, to: d.to } : null);
  return {
    name: v.name,
    address: v.address,
    locality_name: v.locality_name,
    telephone1: v.telephone1.trim() || null,
    telephone2: v.telephone2.trim() || null,
    latitude: numberOrNull(v.latitude),
    longitude: numberOrNull(v.longitude),
    timetable: {
      monday: day(v.timetable.monday),
      saturday: day(v.timetable.saturday),
      sunday: day(v.timetable.sunday),
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

function DayRow({ form, day }: { form: UseFormReturn<Values>; day: (typeof DAYS)[number] }) {
  const { t } = useTranslation();
  const e = form.formState.errors.timetable?.[day];
  const open = form.watch(`timetable.${day}.open`);
  const name = t(`admin.places.day_${day}`);
  return (
    <fieldset className="admin-place-day" data-testid={`place-day-${day}`}>
      <legend>{name}</legend>
      <CheckboxField
        label={t(`admin.places.openDay_${day}`)}
        {...form.register(`timetable.${day}.open`)}
      />
      {open ? (
        <div className="admin-place-day__hours">
          <TextField
            label={t('admin.places.from')}
            type="time"
            error={e?.from?.message ?? e?.message}
            {...form.register(`timetable.${day}.from`)}
          />
          <TextField
            label={t('admin.places.to')}
            type="time"
            error={e?.to?.message}
            {...form.register(`timetable.${day}.to`)}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function PlaceForm({ place }: { place: AdminPlace }) {
  const { t } = useTranslation();
  const update = useUpdatePlace();
  const [version, setVersion] = useState(place.version);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ defaultValues: valuesOf(place) });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    FIELDS,
    'admin.places.saveError',
  );
  const e = form.formState.errors;
  const [lat, lng, deliveryOn, radius] = form.watch([
    'latitude',
    'longitude',
    'delivery.enabled',
    'delivery.max_radius_km',
  ]);
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
      const after = await update.mutateAsync({ uid: place.uid, ...bodyOf(values, version) });
      setVersion(after.version);
      form.reset(valuesOf(after));
      setSaved(true);
    } catch (error) {
      // Someone else saved first: the form shows their place, to be changed again.
      if (error instanceof ApiError && error.code === 'admin.version_conflict') {
        const current = (error.body as { current: AdminPlace }).current;
        setVersion(current.version);
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
        {DAYS.map((day) => (
          <DayRow key={day} form={form} day={day} />
        ))}
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
