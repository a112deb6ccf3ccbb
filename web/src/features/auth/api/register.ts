import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

/** `POST v5/register/` (201) */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('v5/register/', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
