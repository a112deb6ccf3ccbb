import { errorCatalogue, type ErrorCode } from '@store/contract/errors/catalogue';

type Language = 'es' | 'en';

/**
 * The catalogue's texts of one language as i18next resources, nested by the code's dots
 * (`errors.orders.out_of_stock`). Built from the contract, so every code has both texts.
 */
export type ErrorResources = {
  [Area in ErrorCode extends `${infer A}.${string}` ? A : never]: {
    [Name in ErrorCode extends `${Area}.${infer N}` ? N : never]: string;
  };
};

export function errorResources(language: Language): ErrorResources {
  const out: Record<string, Record<string, string>> = {};
  for (const [code, entry] of Object.entries(errorCatalogue)) {
    const [area, name] = code.split('.');
    (out[area] ??= {})[name] = entry[language].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return out as ErrorResources;
}
