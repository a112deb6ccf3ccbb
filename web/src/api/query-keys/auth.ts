/** Query keys of the auth area; why keys live here: see ./account.ts. */

export const authKeys = {
  deletionLink: (base: string) => ['deletion-link', base] as const,
  deletionPrograms: (base: string, page: number) =>
    ['deletion-link', base, 'programs', page] as const,
};
