import { lazy, Suspense } from 'react';
import { MapPlaceholder } from '../../../components/map-placeholder';
import { useTranslation } from 'react-i18next';
import type { AreaSummary, Place } from '@store/contract/catalog/places';
import { SelectField, TextField } from '../../../components/form-fields';
import { useFormatPrice } from '../../../lib/money';
import { messagesOf } from '../error-messages';
import type { FormBinding } from '../form/form-binding';
import type { DeliveryFareQuery } from '../api/estimate-fare';
import { useErrorText } from '../../../lib/error-text';

// Leaflet comes only with the delivery map, in its own chunk.
const DeliveryMap = lazy(() => import('./delivery-map').then((m) => ({ default: m.DeliveryMap })));

export type DeliveryField = 'area' | 'address' | 'reference' | 'latitude' | 'longitude';

type DeliveryFieldsProps = {
  binding: FormBinding<DeliveryField>;
  areas: readonly AreaSummary[];
  place: Place | undefined;
  maxRadiusKm: number | null;
  fare: DeliveryFareQuery;
};

/** The typed coordinates as numbers, or null while either is not a number. */
function numericPoint(
  latitude: string,
  longitude: string,
): { latitude: number; longitude: number } | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return { latitude: lat, longitude: lng };
}

/**
 * Where a delivery goes: area, address, reference, and the point (on the map, typed, or the
 * device's location), with the fare the place charges to it.
 */
export function DeliveryFields({ binding, areas, place, maxRadiusKm, fare }: DeliveryFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const price = useFormatPrice();
  const store =
    place && place.location.latitude !== null && place.location.longitude !== null
      ? { latitude: place.location.latitude, longitude: place.location.longitude, name: place.name }
      : null;
  const pick = (point: { latitude: number; longitude: number }) => {
    binding.set('latitude', String(point.latitude));
    binding.set('longitude', String(point.longitude));
  };
  const useMyLocation = () => {
    navigator.geolocation?.getCurrentPosition((position) =>
      pick({
        latitude: Number(position.coords.latitude.toFixed(6)),
        longitude: Number(position.coords.longitude.toFixed(6)),
      }),
    );
  };

  return (
    <div className="checkout-delivery">
      <SelectField
        label={t('checkout.area')}
        placeholder={t('checkout.chooseArea')}
        options={areas.map((a) => ({ value: a.uid, label: a.name }))}
        error={binding.error('area')}
        {...binding.input('area')}
      />
      <TextField
        label={t('checkout.address')}
        autoComplete="street-address"
        error={binding.error('address')}
        {...binding.input('address')}
      />
      <TextField
        label={t('checkout.reference')}
        hint={t('checkout.referenceHint')}
        error={binding.error('reference')}
        {...binding.input('reference')}
      />
      <fieldset className="checkout-coords">
        <legend className="form-field__label">{t('checkout.coordinates')}</legend>
        <p className="form-field__hint">{t('checkout.coordinatesHint')}</p>
        {store ? (
          <Suspense fallback={<MapPlaceholder />}>
            <DeliveryMap
              point={numericPoint(binding.value('latitude'), binding.value('longitude'))}
              store={store}
              maxRadiusKm={maxRadiusKm}
              onPick={pick}
              label={t('checkout.mapLabel')}
              tilesFailedText={t('checkout.mapTilesFailed')}
              storeLabel={t('checkout.mapStore')}
            />
          </Suspense>
        ) : null}
        <div className="checkout-row">
          <TextField
            label={t('checkout.latitude')}
            inputMode="decimal"
            error={binding.error('latitude')}
            {...binding.input('latitude')}
          />
          <TextField
            label={t('checkout.longitude')}
            inputMode="decimal"
            error={binding.error('longitude')}
            {...binding.input('longitude')}
          />
        </div>
        {typeof navigator !== 'undefined' && 'geolocation' in navigator ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={useMyLocation}
          >
            {t('checkout.useMyLocation')}
          </button>
        ) : null}
      </fieldset>
      <div className="checkout-fare" role="status" aria-live="polite" data-testid="delivery-fare">
        {fare.isFetching ? (
          t('checkout.fareLoading')
        ) : fare.isError ? (
          <span className="checkout-fare__error">
            {errorText(messagesOf(fare.error)[0] ?? t('checkout.deliveryError'))}
          </span>
        ) : fare.data ? (
          <>
            <span>
              {t('checkout.fare')}: <strong>{price(fare.data.fare)}</strong>
            </span>
            <small>
              {t('checkout.fareDistance', {
                km: fare.data.distance_km,
                max: fare.data.max_radius_km,
              })}
            </small>
          </>
        ) : null}
      </div>
    </div>
  );
}
