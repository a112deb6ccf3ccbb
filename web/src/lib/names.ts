/** Only the first word of a name is sent (spec): '  Ana  María ' -> 'Ana'. */
export function firstWord(value: string | null | undefined): string {
  return (value ?? '').trim().split(/\s+/)[0] ?? '';
}
