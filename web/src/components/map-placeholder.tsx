import '../styles/map-box.css';

/**
 * A pin map's place while its lazy chunk (Leaflet) loads: the map's own box, so the fields under
 * it do not move when it comes (a press on the place editor's "Guardar" landed on a field the
 * map had pushed there, issue 38).
 */
export function MapPlaceholder() {
  return (
    <div className="delivery-map" aria-hidden="true">
      <div className="delivery-map__canvas" />
    </div>
  );
}
