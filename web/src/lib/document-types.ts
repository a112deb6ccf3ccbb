import type { TFunction } from 'i18next';

export const DOCUMENT_TYPES = [
  'NATIONAL_ID',
  'PASSPORT',
  'FOREIGNER_ID',
  'TAX_ID',
  'OTHER',
] as const;

export function documentTypeOptions(t: TFunction): { value: string; label: string }[] {
  return DOCUMENT_TYPES.map((value) => ({ value, label: t(`auth.documentTypes.${value}`) }));
}
