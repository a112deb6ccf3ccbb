import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, GoogleLoginBody } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

/** `POST v5/login/mobile/google/`: the ID token Google's button gave, checked by the server. */
export function googleLogin(body: GoogleLoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('v5/login/mobile/google/', body);
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
