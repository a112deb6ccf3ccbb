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
