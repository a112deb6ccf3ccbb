import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

/** `POST v5/login/` */
export function login(body: LoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('v5/login/', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
