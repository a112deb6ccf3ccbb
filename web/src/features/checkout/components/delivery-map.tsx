import type { Map as LeafletMap } from 'leaflet';
import { L } from '../../../lib/leaflet';
import { PinMapFrame, usePinMap, type MapPoint } from '../../../components/pin-map';

export const PICKER_ZOOM = 14;
const MIN_ZOOM = 11;
const MAX_ZOOM = 18;

type Props = {
  /** Where the delivery goes now (the typed coordinates), or null while they are not numbers. */
  point: MapPoint | null;
  /** The store: shown as a dot, with the delivery radius around it. */
  store: MapPoint & { name: string };
  maxRadiusKm: number | null;
  onPick: (point: MapPoint) => void;
  label: string;
  tilesFailedText: string;
  storeLabel: string;
};

/**
 * The delivery point picker (Leaflet, in its own lazily loaded chunk): the pin map opening at the
 * point (else the store), with the store as a dot and its delivery radius around it. The typed
 * fields remain the accessible way to set the point.
 */
export function DeliveryMap({
  point,
  store,
  maxRadiusKm,
  onPick,
  label,
  tilesFailedText,
  storeLabel,
}: Props) {
  const { element, tilesFailed } = usePinMap({
    start: point ?? store,
    point,
    label,
    onPick,
    view: { zoom: PICKER_ZOOM, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM },
    decorate: (map: LeafletMap) => {
      L.circleMarker([store.latitude, store.longitude], {
        radius: 7,
        color: '#fff',
        weight: 2,
        fillColor: '#444',
        fillOpacity: 1,
      })
        .bindTooltip(`${storeLabel}: ${store.name}`)
        .addTo(map);
      if (maxRadiusKm && maxRadiusKm > 0) {
        L.circle([store.latitude, store.longitude], {
          radius: maxRadiusKm * 1000,
          color: '#444',
          weight: 1,
          fillOpacity: 0.04,
          interactive: false,
        }).addTo(map);
      }
    },
    // The map is built once per store; the point follows the typed coordinates.
    rebuildOn: [store.latitude, store.longitude, store.name, maxRadiusKm, label, storeLabel],
  });
  return (
    <PinMapFrame
      element={element}
      label={label}
      testId="delivery-map"
      tilesFailed={tilesFailed}
      tilesFailedText={tilesFailedText}
    />
  );
}
