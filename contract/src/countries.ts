/**
 * The embedded country catalogue (English name, Spanish name, dial code, ISO
 * code). Sorted by Spanish name for the phone-code pickers; Peru's +51 is the
 * default dial code whatever the order.
 */
export type Country = { code: string; name_en: string; name_es: string; dial_code: string };

export const countries: Country[] = [
  { code: 'DE', name_en: 'Germany', name_es: 'Alemania', dial_code: '+49' },
  { code: 'AR', name_en: 'Argentina', name_es: 'Argentina', dial_code: '+54' },
  { code: 'AU', name_en: 'Australia', name_es: 'Australia', dial_code: '+61' },
  { code: 'BO', name_en: 'Bolivia', name_es: 'Bolivia', dial_code: '+591' },
  { code: 'BR', name_en: 'Brazil', name_es: 'Brasil', dial_code: '+55' },
  { code: 'CA', name_en: 'Canada', name_es: 'Canadá', dial_code: '+1' },
  { code: 'CL', name_en: 'Chile', name_es: 'Chile', dial_code: '+56' },
  { code: 'CN', name_en: 'China', name_es: 'China', dial_code: '+86' },
  { code: 'CO', name_en: 'Colombia', name_es: 'Colombia', dial_code: '+57' },
  { code: 'CR', name_en: 'Costa Rica', name_es: 'Costa Rica', dial_code: '+506' },
  { code: 'CU', name_en: 'Cuba', name_es: 'Cuba', dial_code: '+53' },
  { code: 'EC', name_en: 'Ecuador', name_es: 'Ecuador', dial_code: '+593' },
  { code: 'SV', name_en: 'El Salvador', name_es: 'El Salvador', dial_code: '+503' },
  { code: 'ES', name_en: 'Spain', name_es: 'España', dial_code: '+34' },
  { code: 'US', name_en: 'United States', name_es: 'Estados Unidos', dial_code: '+1' },
  { code: 'FR', name_en: 'France', name_es: 'Francia', dial_code: '+33' },
  { code: 'GT', name_en: 'Guatemala', name_es: 'Guatemala', dial_code: '+502' },
  { code: 'HN', name_en: 'Honduras', name_es: 'Honduras', dial_code: '+504' },
  { code: 'IT', name_en: 'Italy', name_es: 'Italia', dial_code: '+39' },
  { code: 'JP', name_en: 'Japan', name_es: 'Japón', dial_code: '+81' },
  { code: 'MX', name_en: 'Mexico', name_es: 'México', dial_code: '+52' },
  { code: 'NI', name_en: 'Nicaragua', name_es: 'Nicaragua', dial_code: '+505' },
  { code: 'PA', name_en: 'Panama', name_es: 'Panamá', dial_code: '+507' },
  { code: 'PY', name_en: 'Paraguay', name_es: 'Paraguay', dial_code: '+595' },
  { code: 'PE', name_en: 'Peru', name_es: 'Perú', dial_code: '+51' },
  { code: 'PT', name_en: 'Portugal', name_es: 'Portugal', dial_code: '+351' },
  { code: 'PR', name_en: 'Puerto Rico', name_es: 'Puerto Rico', dial_code: '+1' },
  { code: 'GB', name_en: 'United Kingdom', name_es: 'Reino Unido', dial_code: '+44' },
  { code: 'DO', name_en: 'Dominican Republic', name_es: 'República Dominicana', dial_code: '+1' },
  { code: 'UY', name_en: 'Uruguay', name_es: 'Uruguay', dial_code: '+598' },
  { code: 'VE', name_en: 'Venezuela', name_es: 'Venezuela', dial_code: '+58' },
];

export function countryByCode(code: string): Country | undefined {
  return countries.find((c) => c.code === code.toUpperCase());
}
