import { useEffect, useRef, useState } from 'react';
import type { LeafletMouseEvent, Map as LeafletMap, Marker } from 'leaflet';
import { L, MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../../lib/leaflet';
import '../../../styles/delivery-map.css';

type Point = { latitude: number; longitude: number };

type Props = {
  /** The pin as the form holds it, or null while the coordinates are empty or not numbers. */
  point: Point | null;
  /** Where the map opens without a pin (the store's city). */
  fallback: Point;
  /** The delivery radius drawn around the pin, when delivery is on. */
  radiusKm: number | null;
  onPick: (point: Point) => void;
  label: string;
  tilesFailedText: string;
};

/** Six decimals (about 10 cm), as the coordinates fields show them. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The place's map pin (Leaflet, the shoppers' map library and tile setting, in the admin's
 * lazy chunk). A click or a drag sets the point; typed coordinates move the pin, and stay the
 * accessible way to set it. The delivery radius is drawn around the pin so the owner sees the
 * area the checkout will accept.
 */
export function PinMap({ point, fallback, radiusKm, onPick, label, tilesFailedText }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const pin = useRef<Marker | null>(null);
  const circle = useRef<L.Circle | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(false);
  const start = useRef(point ?? fallback);

  useEffect(() => {
    if (!element.current) return;
    const at: [number, number] = [start.current.latitude, start.current.longitude];
    const instance = L.map(element.current, { center: at, zoom: 14, scrollWheelZoom: false });
    const tiles = L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, maxZoom: 18 });
    tiles.on('tileerror', () => setTilesFailed(true));
    tiles.addTo(instance);
    const marker = L.marker(at, {
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
      const p = marker.getLatLng();
      pick.current({ latitude: round(p.lat), longitude: round(p.lng) });
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
      circle.current = null;
    };
  }, [label]);

  const lat = point?.latitude;
  const lng = point?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined || !pin.current || !map.current) return;
    const current = pin.current.getLatLng();
    if (round(current.lat) !== round(lat) || round(current.lng) !== round(lng)) {
      pin.current.setLatLng([lat, lng]);
      if (!map.current.getBounds().contains([lat, lng])) map.current.panTo([lat, lng]);
    }
  }, [lat, lng]);

  useEffect(() => {
    if (!map.current) return;
    circle.current?.remove();
    circle.current = null;
    if (lat === undefined || lng === undefined || !radiusKm || radiusKm <= 0) return;
    circle.current = L.circle([lat, lng], {
      radius: radiusKm * 1000,
      color: '#444',
      weight: 1,
      fillOpacity: 0.05,
      interactive: false,
    }).addTo(map.current);
  }, [lat, lng, radiusKm]);

  return (
    <div className="delivery-map">
      <div
        ref={element}
        className="delivery-map__canvas"
        role="region"
        aria-label={label}
        data-testid="place-pin-map"
      />
      {tilesFailed ? (
        <p className="delivery-map__note" role="status">
          {tilesFailedText}
        </p>
      ) : null}
    </div>
  );
}
