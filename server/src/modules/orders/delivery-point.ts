import { eq, isNotNull, or, type SQL } from 'drizzle-orm';
import pointInPolygon from 'point-in-polygon-hao';
import { formatMessage, orderMessages } from '@store/contract';
import type { Database } from '../../db/client';
import { areas, type AreaBounds, type OrderLocationFlag } from '../../db/schema';
import { isUid } from '../../lib/uid';
import { ofTenant } from '../../scope/tenant-query';
import { haversineMeters } from './distance';

type AreaRow = typeof areas.$inferSelect;
type Point = { latitude: number; longitude: number };

/**
 * A point this close to the store's own pin is the pin itself: the checkout starts the delivery
 * point there, so a client who never moved it sends the store's address as theirs.
 */
export const AT_STORE_METERS = 25;

/** Whether the outline holds the point; a point on its edge counts as inside. */
export function boundsContain(bounds: AreaBounds, point: Point): boolean {
  // The library wants a closed ring of [x, y]: longitude first, the first vertex repeated.
  const ring = bounds.map(([lat, lng]) => [lng, lat]);
  ring.push(ring[0]);
  return pointInPolygon([point.longitude, point.latitude], [ring]) !== false;
}

/**
 * Whether a place delivers in an area (issue 36: a Lima café offered Arequipa): its own area, an
 * area with no known outline (nothing says it is far), or an outline that holds the place or has
 * a vertex within the delivery radius. Vertices, not edges: outlines here are small districts
 * or cities that hold the place; an outline merely crossing the radius between far vertices is
 * not offered, which errs on the side of a delivery the store can make.
 */
export function placeReachesArea(
  place: { areaUid: string; latitude: number | null; longitude: number | null },
  area: Pick<AreaRow, 'uid' | 'bounds'>,
  maxRadiusMeters: number,
): boolean {
  if (area.uid === place.areaUid || !area.bounds) return true;
  if (place.latitude === null || place.longitude === null) return false;
  const at = { latitude: place.latitude, longitude: place.longitude };
  return (
    boundsContain(area.bounds, at) ||
    area.bounds.some(
      ([latitude, longitude]) => haversineMeters(at, { latitude, longitude }) <= maxRadiusMeters,
    )
  );
}

/**
 * The chosen area, and every area of the tenant whose outline is known, in one read: the rule
 * below needs the others only when the chosen one has no outline.
 */
export async function areasForPoint(
  db: Database,
  appUid: string,
  chosenUid: string,
): Promise<{ chosen: AreaRow | null; outlined: AreaRow[] }> {
  const chosenOrOutlined: SQL | undefined = isUid(chosenUid)
    ? or(eq(areas.uid, chosenUid), isNotNull(areas.bounds))
    : isNotNull(areas.bounds);
  const rows = await db
    .select()
    .from(areas)
    .where(ofTenant({ app: { uid: appUid } }, areas, chosenOrOutlined));
  return {
    chosen: rows.find((a) => a.uid === chosenUid) ?? null,
    outlined: rows.filter((a) => a.bounds !== null),
  };
}

export type PointVerdict =
  /** The point contradicts what the data knows for sure: the order is refused on this field. */
  | { refused: { field: 'delivery.latitude'; message: string } }
  | { refused: null; flag: OrderLocationFlag | null };

/**
 * Does the client's point agree with the area they chose? The fare and the radius are priced
 * from the point, so a point far from the typed address is a cheaper (or possible) delivery the
 * store cannot make. What the data can tell is refused; what it only suggests is accepted and
 * flagged for staff to call the client (docs/decisions.md, "Delivery point and district").
 * - The chosen area has an outline and the point is outside it: refused.
 * - The chosen area has none, but another area's outline holds the point: flagged (areas may
 *   overlap, a district inside a city, so this is a doubt, not a proof).
 * - The point is the store's own pin (within AT_STORE_METERS): flagged.
 */
export function judgeDeliveryPoint(
  chosen: AreaRow,
  outlined: AreaRow[],
  point: Point,
  metersFromStore: number | null,
): PointVerdict {
  if (chosen.bounds) {
    if (!boundsContain(chosen.bounds, point))
      return {
        refused: {
          field: 'delivery.latitude',
          message: formatMessage(orderMessages.pointOutsideArea, { area: chosen.name }),
        },
      };
  } else {
    const holder = outlined.find((a) => a.uid !== chosen.uid && boundsContain(a.bounds!, point));
    if (holder)
      return { refused: null, flag: { reason: 'point_in_other_area', area: holder.name } };
  }
  if (metersFromStore !== null && metersFromStore <= AT_STORE_METERS)
    return { refused: null, flag: { reason: 'point_at_store' } };
  return { refused: null, flag: null };
}
