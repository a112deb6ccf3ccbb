import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LeafletMouseEvent, Map as LeafletMap, Marker } from 'leaflet';
import { L, tiledMap } from '../lib/leaflet';
import '../styles/map-box.css';
import '../styles/delivery-map.css';

/**
 * The base of the maps where a point is picked with a pin: the checkout's delivery point and the
 * back office's place pin. Import it only from lazily loaded code (it pulls Leaflet).
 */

export type MapPoint = { latitude: number; longitude: number };

/** Six decimals (about 10 cm): what the coordinates fields show and the server stores. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A Leaflet map with a draggable pin. A click on the map or a drag of the pin picks the point;
 * typed coordinates (`point`) move the pin, and the view when the pin left it. The map is built
 * again when `rebuildOn` changes, opening at `start` as it is then; `decorate` adds what a map
 * shows besides the pin (drawn under it). Without tiles (tile server down or blocked) the map
 * stays a grey canvas that still takes clicks and drags, and `tilesFailed` says so. The pin is a
 * CSS div icon, so no marker images need bundling.
 */
export function usePinMap({
  start,
  point,
  label,
  onPick,
  view,
  decorate,
  rebuildOn,
}: {
  start: MapPoint;
  point: MapPoint | null;
  label: string;
  onPick: (point: MapPoint) => void;
  view: { zoom: number; minZoom?: number; maxZoom: number };
  decorate?: (map: LeafletMap) => void;
  rebuildOn: readonly unknown[];
}): {
  element: RefObject<HTMLDivElement | null>;
  map: RefObject<LeafletMap | null>;
  tilesFailed: boolean;
} {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const pin = useRef<Marker | null>(null);
  // Read when the map is built: the latest of each, without rebuilding for them.
  const latest = useRef({ start, onPick, view, decorate, label });
  latest.current = { start, onPick, view, decorate, label };
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!element.current) return;
    const {
      start: at,
      view: { zoom, minZoom, maxZoom },
      decorate: draw,
      label: title,
    } = latest.current;
    const center: [number, number] = [at.latitude, at.longitude];
    const { map: instance, tiles } = tiledMap(element.current, { center, zoom, minZoom, maxZoom });
    tiles.on('tileerror', () => setTilesFailed(true));
    draw?.(instance);
    const marker = L.marker(center, {
      draggable: true,
      autoPan: true,
      title,
      alt: title,
      icon: L.divIcon({
        className: 'delivery-map__pin',
        html: '<span></span>',
        iconSize: [28, 28],
        iconAnchor: [14, 28],
      }),
    }).addTo(instance);
    const pick = (p: { lat: number; lng: number }) =>
      latest.current.onPick({
        latitude: roundCoordinate(p.lat),
        longitude: roundCoordinate(p.lng),
      });
    marker.on('dragend', () => pick(marker.getLatLng()));
    instance.on('click', (event: LeafletMouseEvent) => {
      marker.setLatLng(event.latlng);
      pick(event.latlng);
    });
    map.current = instance;
    pin.current = marker;
    return () => {
      instance.remove();
      map.current = null;
      pin.current = null;
    };
    // The caller names what rebuilds the map; the rest is read from `latest` when it is built.
  }, rebuildOn);

  const lat = point?.latitude;
  const lng = point?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined || !pin.current || !map.current) return;
    const current = pin.current.getLatLng();
    if (
      roundCoordinate(current.lat) === roundCoordinate(lat) &&
      roundCoordinate(current.lng) === roundCoordinate(lng)
    )
      return;
    pin.current.setLatLng([lat, lng]);
    if (!map.current.getBounds().contains([lat, lng])) map.current.panTo([lat, lng]);
  }, [lat, lng]);

  return { element, map, tilesFailed };
}

/** The map's frame: the canvas, a region named `label`, and the note when the tiles failed. */
export function PinMapFrame({
  element,
  label,
  testId,
  tilesFailed,
  tilesFailedText,
}: {
  element: RefObject<HTMLDivElement | null>;
  label: string;
  testId: string;
  tilesFailed: boolean;
  tilesFailedText: string;
}) {
  return (
    <div className="delivery-map">
      <div
        ref={element}
        className="delivery-map__canvas"
        role="region"
        aria-label={label}
        data-testid={testId}
      />
      {tilesFailed ? (
        <p className="delivery-map__note" role="status">
          {tilesFailedText}
        </p>
      ) : null}
    </div>
  );
}
