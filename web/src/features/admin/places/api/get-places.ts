import type { AdminPlace } from '@store/contract/admin/places';
import { adminPlaceKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type PlaceFilters = { page: number; page_size?: number; q?: string; sort: 'name' | '-name' };

/** `GET v5/admin/places/`: the company's places (those the user may see), open now or not. */
export function usePlaces(filters: PlaceFilters) {
  return usePagedList<AdminPlace>('v5/admin/places/', adminPlaceKeys.placeList(filters), filters);
}
