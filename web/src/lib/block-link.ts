/**
 * A section or ad link: an app path stays in the app, a '#' moves on the page, anything with
 * a scheme opens in a new tab. Only http(s) links are followed, never javascript: or data:.
 * Its own file so the store front can use it without the loyalty helpers.
 */
export function blockLinkKind(link: string | null): 'internal' | 'anchor' | 'external' | 'none' {
  if (!link) return 'none';
  if (link.startsWith('#')) return 'anchor';
  if (link.startsWith('/') && !link.startsWith('//')) return 'internal';
  return /^https?:\/\//i.test(link) ? 'external' : 'none';
}
