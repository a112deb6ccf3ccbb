/**
 * Leaflet and the map settings, for the maps of the app (the landing's places map, the
 * checkout's delivery picker). Import this module only from lazily loaded code: it becomes the
 * one shared "leaflet" chunk that the store front never loads.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export { L };

/** The tile server is a build setting (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION); OpenStreetMap's by default. */
export const MAP_TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION || '&copy; OpenStreetMap contributors';

type ZoomLimits = { minZoom?: number; maxZoom: number };

/**
 * The base every map of the app is built on: a Leaflet map on `element` with the tile layer, both
 * held to the same zoom limits, and the page's scrolling left to the page (a map in the middle of
 * a page must not catch the wheel). A limit left out stays Leaflet's default.
 */
export function tiledMap(
  element: HTMLElement,
  { minZoom, maxZoom, ...view }: ZoomLimits & { center?: L.LatLngExpression; zoom: number },
): { map: L.Map; tiles: L.TileLayer } {
  const limits = minZoom === undefined ? { maxZoom } : { minZoom, maxZoom };
  const map = L.map(element, { ...view, ...limits, scrollWheelZoom: false });
  const tiles = L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, ...limits });
  tiles.addTo(map);
  return { map, tiles };
}
