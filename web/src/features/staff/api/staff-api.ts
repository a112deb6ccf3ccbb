import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Promotion } from '@store/contract/loyalty/promotions';
import type {
  StaffClient,
  StaffClientProducts,
  StaffClientQuery,
  StaffProductRedemptionInput,
  StaffProductRedemptionResult,
  StaffCreateClientInput,
  StaffLedgerResult,
  StaffOrder,
  StaffOrderAction,
  StaffPointsInput,
  StaffPromotionLookup,
  StaffRecord,
  StaffRedemptionInput,
  StaffRedemptionResult,
  StaffSkippedDay,
  StaffStampsInput,
  RecordKind,
  StaffMember,
  StaffInvitation,
  StaffInvitationInput,
  StaffInvitationOffer,
} from '@store/contract/staff/schemas';
import type { OrderStatus } from '@store/contract/orders/status';
import { api, type Paged } from '../../../api';
import { apiDownload } from '../../../api/client';

export type ClientLookup =
  { document_type: string; document_number: string } | { mobile_phone: string };

/** `GET v5/staff/clients/` by document (type and number) or by mobile phone. */
export function findClient(lookup: ClientLookup, signal?: AbortSignal): Promise<StaffClient> {
  return api.get<StaffClient>('v5/staff/clients/', { query: lookup as StaffClientQuery, signal });
}

/** `POST v5/staff/clients/from-qr/`: the member's signed, short-lived QR code. */
export function findClientByQr(code: string): Promise<StaffClient> {
  return api.post<StaffClient>('v5/staff/clients/from-qr/', { code });
}

/** The client on the card, read again after every action by its document (or phone). */
export const clientQuery = (lookup: ClientLookup | null) =>
  queryOptions({
    queryKey: ['staff-client', lookup],
    queryFn: ({ signal }) => findClient(lookup!, signal),
    enabled: !!lookup,
    staleTime: 0,
  });

/** `GET v5/staff/clients/{uid}/promotions/`: the company's usable promotions with the client's state. */
export const clientPromotionsQuery = (clientUid: string, programUid?: string) =>
  queryOptions({
    queryKey: ['staff-client-promotions', clientUid, programUid ?? null],
    queryFn: ({ signal }) =>
      api.get<Promotion[]>(`v5/staff/clients/${clientUid}/promotions/`, {
        query: { program_uid: programUid },
        signal,
      }),
    staleTime: 0,
  });

/** `GET v5/staff/clients/{uid}/products/?place_uid=`: the place's redeemable products and the client's coins. */
export const clientProductsQuery = (clientUid: string, placeUid: string | null) =>
  queryOptions({
    queryKey: ['staff-client-products', clientUid, placeUid],
    queryFn: ({ signal }) =>
      api.get<StaffClientProducts>(`v5/staff/clients/${clientUid}/products/`, {
        query: { place_uid: placeUid! },
        signal,
      }),
    enabled: !!placeUid,
    staleTime: 0,
  });

export function useCreateClient() {
  return useMutation({
    mutationFn: (body: StaffCreateClientInput) => api.post<StaffClient>('v5/staff/clients/', body),
  });
}

/** `GET v5/staff/promotions/?code=&client_uid=`: a promotion by its coupon code or QR, with its state for the client. */
export function findPromotion(code: string, clientUid: string): Promise<StaffPromotionLookup> {
  return api.get<StaffPromotionLookup>('v5/staff/promotions/', {
    query: { code, client_uid: clientUid },
  });
}

/** Balances change after every action: the card and its promotions are read again. */
function useClientAction<B, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<R>(path, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff-client'] });
      void queryClient.invalidateQueries({ queryKey: ['staff-client-promotions'] });
      void queryClient.invalidateQueries({ queryKey: ['staff-client-products'] });
    },
  });
}

export const useRedeem = () =>
  useClientAction<StaffRedemptionInput, StaffRedemptionResult>('v5/staff/redemptions/');
export const useRedeemProduct = () =>
  useClientAction<StaffProductRedemptionInput, StaffProductRedemptionResult>(
    'v5/staff/product-redemptions/',
  );
export const useStamp = () =>
  useClientAction<StaffStampsInput, StaffLedgerResult>('v5/staff/stamps/');
export const useAddPoints = () =>
  useClientAction<StaffPointsInput, StaffLedgerResult>('v5/staff/points/');

/** How often the board asks for new orders while it is open. */
export const ORDERS_REFRESH_MS = 5_000;

/** `GET v5/staff/orders/`: newest first; polled (and read again on focus) so new orders appear without reloading. */
export type OrdersFilters = {
  status?: OrderStatus;
  place_uid?: string;
  page?: number;
  page_size?: number;
};

export const staffOrdersQuery = (filters: OrdersFilters) =>
  queryOptions({
    queryKey: ['staff-orders', filters],
    queryFn: ({ signal }) =>
      api.get<Paged<StaffOrder>>('v5/staff/orders/', { query: filters, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useOrderTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, action }: { uid: string; action: StaffOrderAction }) =>
      api.post<StaffOrder>(`v5/staff/orders/${uid}/transition/`, { action }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
  });
}

/** The report's filters as sent (the contract's `staffRecordsQuery`, empty ones left out). */
export type RecordsQuery = {
  kind?: RecordKind;
  date_from?: string;
  date_to?: string;
  place_uid?: string;
  page?: number;
  page_size?: number;
};

export const recordsQuery = (filters: RecordsQuery) =>
  queryOptions({
    queryKey: ['staff-records', filters],
    queryFn: ({ signal }) =>
      api.get<Paged<StaffRecord>>('v5/staff/records/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET v5/staff/records.csv` with the same filters (no page): the whole report as a file, sent with the session. */
export function downloadRecordsCsv(filters: Omit<RecordsQuery, 'page' | 'page_size'>) {
  return apiDownload('v5/staff/records.csv', filters);
}

/** The filters of the skipped subscription days as sent (`staffSkippedDaysQuery`, empty ones left out). */
export type SkippedDaysQuery = Omit<RecordsQuery, 'kind'>;

/** `GET v5/staff/subscriptions/skipped-days/`: the company's subscription days that got no order. */
export const skippedDaysQuery = (filters: SkippedDaysQuery) =>
  queryOptions({
    queryKey: ['staff-skipped-days', filters],
    queryFn: ({ signal }) =>
      api.get<Paged<StaffSkippedDay>>('v5/staff/subscriptions/skipped-days/', {
        query: filters,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET v5/staff/members/`: the company's staff (owners only). */
export const membersQuery = () =>
  queryOptions({
    queryKey: ['staff-members'],
    queryFn: ({ signal }) => api.get<StaffMember[]>('v5/staff/members/', { signal }),
  });

/** `GET v5/staff/invitations/`: the company's pending invitations (owners only). */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: ['staff-invitations'],
    queryFn: ({ signal }) => api.get<StaffInvitation[]>('v5/staff/invitations/', { signal }),
  });

/** `POST v5/staff/invitations/`: mails the invitation link; the role comes when it is accepted. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInvitationInput) =>
      api.post<StaffInvitation>('v5/staff/invitations/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff-invitations'] }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => api.delete<null>(`v5/staff/invitations/${uid}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-invitations'] }),
  });
}

/** `GET v5/invitations/{uid}/{token}/`: what the mailed link offers. */
export const invitationOfferQuery = (uid: string, token: string) =>
  queryOptions({
    queryKey: ['staff-invitation-offer', uid, token],
    queryFn: ({ signal }) =>
      api.get<StaffInvitationOffer>(`v5/invitations/${uid}/${token}/`, { signal }),
    retry: false,
  });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, token }: { uid: string; token: string }) =>
      api.post<StaffInvitationOffer>(`v5/invitations/${uid}/${token}/accept/`, {}),
    // The user is staff now: the shell's staff link and /staff read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff-me'] }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUid: string) => api.delete<null>(`v5/staff/members/${userUid}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-members'] }),
  });
}
