import { useEffect, useRef } from 'react';
import { L } from '../../../lib/leaflet';
import { PinMapFrame, usePinMap, type MapPoint } from '../../../components/pin-map';

type Props = {
  /** The pin as the form holds it, or null while the coordinates are empty or not numbers. */
  point: MapPoint | null;
  /** Where the map opens without a pin (the store's city). */
  fallback: MapPoint;
  /** The delivery radius drawn around the pin, when delivery is on. */
  radiusKm: number | null;
  onPick: (point: MapPoint) => void;
  label: string;
  tilesFailedText: string;
};

/**
 * The place's map pin (the shoppers' pin map, in the admin's lazy chunk). A click or a drag sets
 * the point; typed coordinates move the pin, and stay the accessible way to set it. The delivery
 * radius is drawn around the pin so the owner sees the area the checkout will accept.
 */
export function PinMap({ point, fallback, radiusKm, onPick, label, tilesFailedText }: Props) {
  const start = useRef(point ?? fallback);
  const circle = useRef<L.Circle | null>(null);
  const { element, map, tilesFailed } = usePinMap({
    start: start.current,
    point,
    label,
    onPick,
    view: { zoom: 14, maxZoom: 18 },
    rebuildOn: [label],
  });

  const lat = point?.latitude;
  const lng = point?.longitude;
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
  }, [lat, lng, radiusKm, map]);

  return (
    <PinMapFrame
      element={element}
      label={label}
      testId="place-pin-map"
      tilesFailed={tilesFailed}
      tilesFailedText={tilesFailedText}
    />
  );
}
