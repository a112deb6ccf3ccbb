import { useMutation } from '@tanstack/react-query';
import type { ValidateResponse } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

export type DocumentInput = { document_type: string; document_number: string };

/** `POST v5/validate/` (201): is the document registered, may it register? */
export function validateDocument(body: DocumentInput): Promise<ValidateResponse> {
  return api.post<ValidateResponse>('v5/validate/', body);
}

export function useValidateDocument() {
  return useMutation({ mutationFn: validateDocument });
}
