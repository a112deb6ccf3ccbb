import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StepUpBody, StepUpCodeResponse, StepUpResponse } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

/** `POST v5/me/step-up/`: the password or the mailed code; the session acts as a full one for a while. */
export function stepUp(body: StepUpBody): Promise<StepUpResponse> {
  return api.post<StepUpResponse>('v5/me/step-up/', body, { stepUp: false });
}

/**
 * Once the session stepped up, every answer read as a limited session (the profile's hidden data,
 * the QR that spends nothing) is asked again; calls already on their way again (the refused one,
 * repeated by the API client) are not cut short.
 */
export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stepUp,
    // Not awaited: the refused call is among the active queries, waiting on this very prompt.
    onSuccess: () => {
      void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
    },
  });
}

/** `POST v5/me/step-up/code/`: mails a one-time code for this session to the verified address. */
export function sendStepUpCode(): Promise<StepUpCodeResponse> {
  return api.post<StepUpCodeResponse>('v5/me/step-up/code/', undefined, { stepUp: false });
}

export function useSendStepUpCode() {
  return useMutation({ mutationFn: sendStepUpCode });
}
