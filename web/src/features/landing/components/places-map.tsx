import { useEffect, useRef } from 'react';
import type { Place } from '@store/contract/catalog/places';
import { L, tiledMap } from '../../../lib/leaflet';

/**
 * Spec section 9: zoom 13 (11 to 18), 300 px high. The spec's minimum of 11 cannot show two
 * cities at once (Lima and Arequipa are 770 km apart), so fitting every place may zoom out
 * further; one place, or places of one city, still open at 13 (docs/decisions.md).
 */
export const MAP_ZOOM = 13;
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 18;
export const MAP_HEIGHT_PX = 300;

type Located = Place & { location: { latitude: number; longitude: number } };

export function locatedPlaces(places: Place[]): Located[] {
  return places.filter(
    (place): place is Located =>
      place.location.latitude !== null && place.location.longitude !== null,
  );
}

/**
 * The places on a map (Leaflet, loaded only with this module). Circle markers need no image
 * files; each names its place in a popup. The list beside it stays the accessible way in.
 */
export function PlacesMap({
  places,
  label,
  color,
}: {
  places: Place[];
  label: string;
  color: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const located = locatedPlaces(places);
  const key = located
    .map((place) => `${place.uid}:${place.location.latitude},${place.location.longitude}`)
    .join('|');

  useEffect(() => {
    if (!element.current || located.length === 0) return;
    const { map } = tiledMap(element.current, {
      zoom: MAP_ZOOM,
      minZoom: MAP_MIN_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
    });
    const points = located.map((place) => {
      const point = L.latLng(place.location.latitude, place.location.longitude);
      const popup = document.createElement('div');
      const name = document.createElement('strong');
      name.textContent = place.name;
      popup.append(name, document.createElement('br'), place.address);
      L.circleMarker(point, {
        radius: 9,
        color: '#fff',
        weight: 2,
        fillColor: color,
        fillOpacity: 1,
      })
        .bindPopup(popup)
        .addTo(map);
      return point;
    });
    if (points.length === 1) map.setView(points[0], MAP_ZOOM);
    else map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: MAP_ZOOM });
    return () => {
      map.remove();
    };
    // `key` stands for the located places and their coordinates.
  }, [key, color]);

  if (located.length === 0) return null;
  return (
    <div
      ref={element}
      className="places-map"
      style={{ height: MAP_HEIGHT_PX }}
      role="region"
      aria-label={label}
    />
  );
}
