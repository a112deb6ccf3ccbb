import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AuthResponse,
  GoogleLoginBody,
  LoginBody,
  RegisterBody,
  ValidateResponse,
} from '@store/contract/auth/schemas';
import type { Paged } from '@store/contract/http/paged';
import { DELETION_LIST_PAGE_SIZE } from '@store/contract/auth/schemas';
import { api } from '../../../api';

type Detail = { detail: string };
export type MemberProgram = { name: string; coins: number; total_points: number };
export type DeletionLink = { uid: string; first_name: string; email: string | null };

/** `POST v5/login/` */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthResponse>('v5/login/', body),
  });
}

/** `POST v5/login/mobile/google/`: the ID token Google's button gave, checked by the server. */
export function useGoogleLogin() {
  return useMutation({
    mutationFn: (body: GoogleLoginBody) => api.post<AuthResponse>('v5/login/mobile/google/', body),
  });
}

/** `POST v5/validate/` (201): is the document registered, may it register? */
export function useValidateDocument() {
  return useMutation({
    mutationFn: (body: { document_type: string; document_number: string }) =>
      api.post<ValidateResponse>('v5/validate/', body),
  });
}

/** `POST v5/register/` (201) */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<AuthResponse>('v5/register/', body),
  });
}

/** `POST v5/me/reset_password/` */
export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<Detail>('v5/me/reset_password/', body),
  });
}

/** `POST v5/me/reset_password/{uidUser}/{token}/` */
export function useResetPassword(uidUser: string, token: string) {
  return useMutation({
    mutationFn: (body: { password: string; password_confirmation: string }) =>
      api.post<Detail>(
        `v5/me/reset_password/${encodeURIComponent(uidUser)}/${encodeURIComponent(token)}/`,
        body,
      ),
  });
}

/** `GET v5/verification-email/{uidApp}/{uidUser}/{token}/`: a one-shot action, so a mutation run on open. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (p: { uidApp: string; uidUser: string; token: string }) =>
      api.get<Detail>(
        `v5/verification-email/${encodeURIComponent(p.uidApp)}/${encodeURIComponent(p.uidUser)}/${encodeURIComponent(p.token)}/`,
      ),
  });
}

/** Base path of the deletion calls: `v5/me/delete/{uid}/{token}/` or the partner `v5/{prefix}/me/delete/{uidApp}/{uid}/{token}/`. */
export function deletionBase(p: {
  prefix: string | null;
  uidApp: string;
  uidUser: string;
  token: string;
}): string {
  const e = encodeURIComponent;
  return p.prefix
    ? `v5/${e(p.prefix)}/me/delete/${e(p.uidApp)}/${e(p.uidUser)}/${e(p.token)}/`
    : `v5/me/delete/${e(p.uidUser)}/${e(p.token)}/`;
}

/** `GET .../me/delete/...`: validates the link on open. */
export function useDeletionLink(base: string) {
  return useQuery({
    queryKey: ['deletion-link', base],
    queryFn: ({ signal }) => api.get<DeletionLink>(base, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** `GET .../list-members-programs/?page=`: what the member loses (pages of 25). */
export function useMemberPrograms(base: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['deletion-link', base, 'programs', page],
    queryFn: ({ signal }) =>
      api.get<Paged<MemberProgram>>(`${base}list-members-programs/`, { query: { page }, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export const deletionPageSize = DELETION_LIST_PAGE_SIZE;

/** `DELETE .../me/delete/...` */
export function useDeleteAccount(base: string) {
  return useMutation({ mutationFn: () => api.delete<Detail>(base) });
}
