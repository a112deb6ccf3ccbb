import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPlace } from '@store/contract/admin/places';
import { weekdays as DAYS } from '@store/contract/orders/weekdays';
import { CheckboxField } from '../../../components/form-fields';
import { MapPlaceholder } from '../../../components/map-placeholder';
import { usePlace } from './api/get-place';
import { useUpdatePlace } from './api/update-place';
import { PlaceState } from './place-state';
import { TimetableSection } from './place-timetable';
import { bodyOf, FIELDS, numberOrNull, valuesOf, type Values } from './place-values';
import { EditorLoad, SaveBar, SaveButton } from '../shell/editor-frame';
import { useEditorFeedback } from '../shell/use-editor-feedback';
import { FormTextField } from '../shell/form-text-field';

const PinMap = lazy(() => import('./pin-map').then((m) => ({ default: m.PinMap })));

/** Lima: where the map opens for a place without a pin. */
const FALLBACK = { latitude: -12.0464, longitude: -77.0428 };

function PlaceForm({ place }: { place: AdminPlace }) {
  const { t } = useTranslation();
  const update = useUpdatePlace();
  const [version, setVersion] = useState(place.version);
  const [stored, setStored] = useState(place.delivery);
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
  const { general, saved, setSaved, starting, failed } = useEditorFeedback(
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
    starting();
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
      failed(
        error,
        (current: AdminPlace) => {
          setVersion(current.version);
          setStored(current.delivery);
          form.reset(valuesOf(current));
        },
        'admin.places.conflict',
      );
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
          <FormTextField form={form} name="name" label={t('admin.places.name')} />
          <FormTextField form={form} name="address" label={t('admin.places.address')} />
          <FormTextField form={form} name="locality_name" label={t('admin.places.localityName')} />
          <FormTextField
            form={form}
            name="telephone1"
            label={t('admin.places.telephone1')}
            type="tel"
          />
          <FormTextField
            form={form}
            name="telephone2"
            label={t('admin.places.telephone2')}
            type="tel"
          />
        </div>
      </section>

      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.places.location')}</h2>
        <p className="admin-page__note">{t('admin.places.locationHint')}</p>
        <Suspense fallback={<MapPlaceholder />}>
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
          <FormTextField
            form={form}
            name="latitude"
            label={t('admin.places.latitude')}
            inputMode="decimal"
          />
          <FormTextField
            form={form}
            name="longitude"
            label={t('admin.places.longitude')}
            inputMode="decimal"
          />
        </div>
      </section>

      <TimetableSection form={form} />

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
              <FormTextField
                form={form}
                name="delivery.base_fare"
                label={t('admin.places.baseFare')}
                inputMode="decimal"
              />
              <FormTextField
                form={form}
                name="delivery.per_km"
                label={t('admin.places.perKm')}
                inputMode="decimal"
              />
              <FormTextField
                form={form}
                name="delivery.max_radius_km"
                label={t('admin.places.radius')}
                inputMode="decimal"
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

      <SaveBar
        messages={general.map((m) => message(m)!)}
        saved={saved && t('admin.places.saved')}
        className="admin-place-form__actions"
        wrap
      >
        <SaveButton pending={update.isPending} label={t('admin.places.save')} />
      </SaveBar>
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
      <EditorLoad query={query} notFound={t('admin.places.notFound')}>
        {(place) => <PlaceForm key={place.uid} place={place} />}
      </EditorLoad>
    </div>
  );
}
