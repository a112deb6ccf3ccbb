import { useMutation } from '@tanstack/react-query';
import type { CounterCode } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';

/** `POST v5/me/counter-code/`: a one-time 6-digit code (5 minutes) staff type to spend the member's coins or stamps. */
export function issueCounterCode(): Promise<CounterCode> {
  return api.post<CounterCode>('v5/me/counter-code/', {});
}

/** Each new code replaces the previous one; nothing cached changes. */
export function useIssueCounterCode() {
  return useMutation({ mutationFn: issueCounterCode });
}
