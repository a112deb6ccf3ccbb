import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MemberProgram, MemberQr, Program } from '@store/contract/loyalty/programs';
import type { Promotion, PromotionKind, Redemption } from '@store/contract/loyalty/promotions';
import type { ProgramBlock } from '@store/contract/loyalty/engagement';
import type { CounterCode } from '@store/contract/staff/schemas';
import { api } from './client';
import { pathFromNext, type Paged } from './catalog';

export type PromotionQr = {
  qr: string;
  expires_at: string;
  redemption: string | null;
  code: string | null;
};
export type PromotionPlace = { uid: string; name: string; address: string };
export type CouponCode = { code: string; redemption: Redemption };

/** Promotions page size (spec: 24). */
export const PROMOTIONS_PAGE_SIZE = 24;

/** Server filters of the promotions list; `tagged` are the promotions featured for the member. */
export type PromotionFilters = {
  kind?: PromotionKind;
  search?: string;
  tagged?: boolean;
  place?: string;
};

/** `GET v5/programs/`: the tenant's programs, open to visitors (the program page of a visitor). */
export const programsQuery = (company?: string) =>
  queryOptions({
    queryKey: ['programs', company ?? null],
    queryFn: ({ signal }) =>
      api.get<Paged<Program>>('v5/programs/', { query: { company, page_size: 100 }, signal }),
    staleTime: 5 * 60_000,
  });

/** `GET v5/me/programs/{uid}/`: the program with the member's balances and level (also for non-members). */
export const memberProgramQuery = (uid: string) =>
  queryOptions({
    queryKey: ['member-program', uid],
    queryFn: ({ signal }) => api.get<MemberProgram>(`v5/me/programs/${uid}/`, { signal }),
  });

/** `POST v5/me/programs/`: joins (201, 200 when already a member). */
export function joinProgram(programUid: string): Promise<MemberProgram> {
  return api.post<MemberProgram>('v5/me/programs/', { program: programUid });
}

/** `POST v5/me/programs/{uid}/qr/`: the member QR, signed and valid a few minutes. */
export function fetchMemberQr(programUid: string): Promise<MemberQr> {
  return api.post<MemberQr>(`v5/me/programs/${programUid}/qr/`);
}

/** `GET v5/me/programs/{uid}/sections/` and `.../ads/`: blocks of the program page, by position. */
export const programBlocksQuery = (programUid: string, which: 'sections' | 'ads') =>
  queryOptions({
    queryKey: ['program-blocks', programUid, which],
    queryFn: ({ signal }) =>
      api.get<Paged<ProgramBlock>>(`v5/me/programs/${programUid}/${which}/`, {
        query: { page_size: 50 },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/**
 * `GET v5/me/programs/{id}/promotions/`: 24 a page, ordering -rate_discount as the spec sends it,
 * next pages by the server's `next` link.
 */
export const promotionsQuery = (programUid: string, filters: PromotionFilters) =>
  infiniteQueryOptions({
    queryKey: ['promotions', programUid, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api.get<Paged<Promotion>>(pathFromNext(pageParam), { signal })
        : api.get<Paged<Promotion>>(`v5/me/programs/${programUid}/promotions/`, {
            query: {
              page_size: PROMOTIONS_PAGE_SIZE,
              ordering: '-rate_discount',
              kind: filters.kind,
              search: filters.search,
              place: filters.place,
              tagged: filters.tagged ? 'true' : undefined,
            },
            signal,
          }),
    getNextPageParam: (last) => last.next,
  });

/** `GET v5/me/programs/{p}/promotions/{uid}/`: with the member's state. */
export const promotionQuery = (programUid: string, uid: string) =>
  queryOptions({
    queryKey: ['promotion', programUid, uid],
    queryFn: ({ signal }) =>
      api.get<Promotion>(`v5/me/programs/${programUid}/promotions/${uid}/`, { signal }),
  });

/** `GET v5/me/promotions/{uid}/places/`: where the promotion can be used. */
export const promotionPlacesQuery = (uid: string) =>
  queryOptions({
    queryKey: ['promotion-places', uid],
    queryFn: ({ signal }) =>
      api.get<Paged<PromotionPlace>>(`v5/me/promotions/${uid}/places/`, {
        query: { page_size: 100 },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** `GET v5/me/programs/{p}/promotions/{uid}/related/`: up to 12 other promotions. */
export const relatedPromotionsQuery = (programUid: string, uid: string) =>
  queryOptions({
    queryKey: ['related-promotions', programUid, uid],
    queryFn: ({ signal }) =>
      api.get<Promotion[]>(`v5/me/programs/${programUid}/promotions/${uid}/related/`, { signal }),
  });

/** `POST .../promotions/{uid}/qrcode/`: the promotion QR to show at the venue (empty body). */
export function fetchPromotionQr(programUid: string, uid: string): Promise<PromotionQr> {
  return api.post<PromotionQr>(`v5/me/programs/${programUid}/promotions/${uid}/qrcode/`, {});
}

/** `POST v5/me/programs/{p}/promotions/{uid}/purchase/`: one unit bought with coins, ACTIVE with its code. */
export function purchasePromotion(programUid: string, uid: string): Promise<Redemption> {
  return api.post<Redemption>(`v5/me/programs/${programUid}/promotions/${uid}/purchase/`, {});
}

/** `POST v5/programs/{p}/promotions/{uid}/coupon/get-code/`: 400 and 406 carry a body. */
export function getCouponCode(programUid: string, uid: string): Promise<CouponCode> {
  return api.post<CouponCode>(`v5/programs/${programUid}/promotions/${uid}/coupon/get-code/`, {});
}

/** `POST v5/redemption-by-user/`: the member redeems at the venue; amount is the consumption. */
export function redeemPromotion(body: {
  program_promotion: string;
  amount?: string;
}): Promise<Redemption> {
  return api.post<Redemption>('v5/redemption-by-user/', body);
}

export type RedemptionFilters = { status?: Redemption['status']; promotion?: string };

/** `GET v5/me/programs/{uid}/redemptions/`: newest first, next pages by the server's link. */
export const redemptionsQuery = (programUid: string, filters: RedemptionFilters = {}) =>
  infiniteQueryOptions({
    queryKey: ['redemptions', programUid, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api.get<Paged<Redemption>>(pathFromNext(pageParam), { signal })
        : api.get<Paged<Redemption>>(`v5/me/programs/${programUid}/redemptions/`, {
            query: { status: filters.status, promotion: filters.promotion },
            signal,
          }),
    getNextPageParam: (last) => last.next,
  });

/**
 * How many units of a promotion the member has used, and the latest: the activation steps
 * watch it to see the establishment redeem the shown QR.
 */
export const usedRedemptionsQuery = (programUid: string, promotionUid: string) =>
  queryOptions({
    queryKey: ['redemptions', programUid, 'used-count', promotionUid],
    queryFn: ({ signal }) =>
      api.get<Paged<Redemption>>(`v5/me/programs/${programUid}/redemptions/`, {
        query: { promotion: promotionUid, status: 'USED', page_size: 1 },
        signal,
      }),
  });

/** The promotion QR as a query, so it can be renewed before it expires. */
export const promotionQrQuery = (programUid: string, uid: string) =>
  queryOptions({
    queryKey: ['promotion-qr', programUid, uid],
    queryFn: () => fetchPromotionQr(programUid, uid),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** The member QR as a query, renewed before it expires. */
export const memberQrQuery = (programUid: string) =>
  queryOptions({
    queryKey: ['member-qr', programUid],
    queryFn: () => fetchMemberQr(programUid),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** `POST v5/me/counter-code/`: a one-time 6-digit code (5 minutes) staff type to spend the member's coins or stamps. */
export function fetchCounterCode(): Promise<CounterCode> {
  return api.post<CounterCode>('v5/me/counter-code/', {});
}
