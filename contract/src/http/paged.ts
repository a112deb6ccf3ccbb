import { z } from 'zod';
import { MAX_PAGE_SIZE } from './pages';

export * from './pages';

/** `?page=&page_size=` as every paged list accepts them. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Ingresar un número' })
    .int('Ingresar un número válido')
    .min(1, 'Ingresar un número válido')
    .default(1),
  page_size: z.coerce
    .number({ error: 'Ingresar un número' })
    .int('Ingresar un número válido')
    .min(1, 'Ingresar un número válido')
    .max(MAX_PAGE_SIZE, `Ingresar un número válido`)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `{count, next, previous, results}` with absolute next/previous URLs. */
export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paged<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};
