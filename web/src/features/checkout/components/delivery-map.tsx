import { useEffect, useRef, useState } from 'react';
import type { LeafletMouseEvent, Map as LeafletMap, Marker } from 'leaflet';
import { L, MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../../lib/leaflet';
import '../../../styles/delivery-map.css';

export const PICKER_ZOOM = 14;
const MIN_ZOOM = 11;
const MAX_ZOOM = 18;

type Point = { latitude: number; longitude: number };

type Props = {
  /** Where the delivery goes now (the typed coordinates), or null while they are not numbers. */
  point: Point | null;
  /** The store: shown as a dot, with the delivery radius around it. */
  store: Point & { name: string };
  maxRadiusKm: number | null;
  onPick: (point: Point) => void;
  label: string;
  tilesFailedText: string;
  storeLabel: string;
};

/** Six decimals (about 10 cm) is what the coordinates fields show and the order stores. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The delivery point picker (Leaflet, in its own lazily loaded chunk). A click on the map or a
 * drag of the pin sets the point; typed coordinates move the pin. Without tiles (tile server
 * down or blocked) the map stays a grey canvas that still takes clicks and drags, and says so;
 * the typed fields remain the accessible way to set the point. The pin is a CSS div icon, so
 * no marker images need bundling.
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
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const pin = useRef<Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!element.current) return;
    const start = point ?? store;
    const instance = L.map(element.current, {
      center: [start.latitude, start.longitude],
      zoom: PICKER_ZOOM,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      scrollWheelZoom: false,
    });
    const tiles = L.tileLayer(MAP_TILE_URL, {
      attribution: MAP_TILE_ATTRIBUTION,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
    });
    tiles.on('tileerror', () => setTilesFailed(true));
    tiles.addTo(instance);
    L.circleMarker([store.latitude, store.longitude], {
      radius: 7,
      color: '#fff',
      weight: 2,
      fillColor: '#444',
      fillOpacity: 1,
    })
      .bindTooltip(`${storeLabel}: ${store.name}`)
      .addTo(instance);
    if (maxRadiusKm && maxRadiusKm > 0) {
      L.circle([store.latitude, store.longitude], {
        radius: maxRadiusKm * 1000,
        color: '#444',
        weight: 1,
        fillOpacity: 0.04,
        interactive: false,
      }).addTo(instance);
    }
    const marker = L.marker([start.latitude, start.longitude], {
      draggable: true,
      autoPan: true,
      title: label,
      alt: label,
      icon: L.divIcon({
        className: 'delivery-map__pin',
        html: '<span></span>',
        iconSize: [28, 28],
        iconAnchor: [14, 28],
      }),
    }).addTo(instance);
    marker.on('dragend', () => {
      const at = marker.getLatLng();
      pick.current({ latitude: round(at.lat), longitude: round(at.lng) });
    });
    instance.on('click', (event: LeafletMouseEvent) => {
      marker.setLatLng(event.latlng);
      pick.current({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) });
    });
    map.current = instance;
    pin.current = marker;
    return () => {
      instance.remove();
      map.current = null;
      pin.current = null;
    };
    // The map is built once per store; the point follows in the effect below.
  }, [store.latitude, store.longitude, store.name, maxRadiusKm, label, storeLabel]);

  // Typed coordinates move the pin (and the view, when the pin left it).
  const lat = point?.latitude;
  const lng = point?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined || !pin.current || !map.current) return;
    const current = pin.current.getLatLng();
    if (round(current.lat) === round(lat) && round(current.lng) === round(lng)) return;
    pin.current.setLatLng([lat, lng]);
    if (!map.current.getBounds().contains([lat, lng])) map.current.panTo([lat, lng]);
  }, [lat, lng]);

  return (
    <div className="delivery-map">
      <div
        ref={element}
        className="delivery-map__canvas"
        role="region"
        aria-label={label}
        data-testid="delivery-map"
      />
      {tilesFailed ? (
        <p className="delivery-map__note" role="status">
          {tilesFailedText}
        </p>
      ) : null}
    </div>
  );
}
