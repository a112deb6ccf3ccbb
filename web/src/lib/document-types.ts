import type { TFunction } from 'i18next';
import { DOCUMENT_TYPES } from '@store/contract/constants';

export function documentTypeOptions(t: TFunction): { value: string; label: string }[] {
  return DOCUMENT_TYPES.map((value) => ({ value, label: t(`auth.documentTypes.${value}`) }));
}
