/** Minimal document.cookie helpers. */
export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

/** Deletes a cookie on this host and on its parent domains (analytics cookies live there). */
export function deleteCookie(name: string): void {
  const expired = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  document.cookie = expired;
  const parts = window.location.hostname.split('.');
  for (let i = 0; i < parts.length - 1; i += 1) {
    document.cookie = `${expired}; domain=.${parts.slice(i).join('.')}`;
  }
}

export function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => decodeURIComponent(part.split('=')[0].trim()))
    .filter(Boolean);
}
