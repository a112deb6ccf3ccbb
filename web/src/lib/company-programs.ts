import { useQueries } from '@tanstack/react-query';
import { programRafflesQuery } from '../api/get-program-raffles';
import { useTenant } from './tenant';
import { useCurrentCompany } from './current-company';

export type CompanyProgram = { uid: string; name: string; company_uid: string };

/** The benefit programs of the company the visitor is looking at (raffles and polls live in them). */
export function useCompanyPrograms(): CompanyProgram[] {
  const app = useTenant();
  const company = useCurrentCompany();
  return app.allowed_programs.filter((program) => program.company_uid === company.uid);
}

/**
 * How many raffles the member sees in the current company's programs (the footer's raffles link
 * needs it). Shares its queries with the raffles page, so registering or dismissing updates it.
 * 0 while loading, on errors and when `enabled` is false.
 */
export function useRaffleCount(enabled: boolean): number {
  const programs = useCompanyPrograms();
  const results = useQueries({
    queries: programs.map((program) => ({
      ...programRafflesQuery(program.uid),
      enabled,
      retry: false,
    })),
  });
  if (!enabled) return 0;
  return results.reduce((sum, result) => sum + (result.data?.count ?? 0), 0);
}
