import { DEFAULT_MAIN_COLOR, DEFAULT_MENU_COLOR, storageKeys } from '@store/contract/constants';
import type { App } from '@store/contract';
import { storage } from '../lib/storage';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function toRgb(hex: string): [number, number, number] {
  const value = hex.slice(1);
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on the given background. */
export function readableTextOn(background: string): string {
  const lum = luminance(background);
  const onWhite = 1.05 / (lum + 0.05);
  const onDark = (lum + 0.05) / (luminance('#111827') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
}

function safeColor(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}

function setColors(main: string, menu: string): void {
  const root = document.documentElement.style;
  root.setProperty('--color-main', main);
  root.setProperty('--color-on-main', readableTextOn(main));
  root.setProperty('--color-menu', menu);
  root.setProperty('--color-on-menu', readableTextOn(menu));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', main);
}

/** Colours remembered from the last visit, so the first paint already looks like the tenant. */
export function applyStoredColors(): void {
  setColors(
    safeColor(storage.get(storageKeys.mainColor), DEFAULT_MAIN_COLOR),
    safeColor(storage.get(storageKeys.menuColor), DEFAULT_MENU_COLOR),
  );
}

/** Tenant look: title, favicon, main and menu colours (remembered in localStorage). */
export function applyTenantLook(app: App): void {
  document.title = app.name;
  const icon = app.favicon ?? app.logo;
  if (icon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = icon;
  }
  const main = safeColor(app.colors?.main_color, DEFAULT_MAIN_COLOR);
  const menu = safeColor(app.colors?.menu_color, DEFAULT_MENU_COLOR);
  storage.set(storageKeys.mainColor, main);
  storage.set(storageKeys.menuColor, menu);
  setColors(main, menu);
}

/**
 * The tenant's colours as a style sheet, for the server's render of a first page: its first paint
 * already has them, before any script runs (the same values `applyTenantLook` sets).
 */
export function tenantThemeCss(app: App): string {
  const main = safeColor(app.colors?.main_color, DEFAULT_MAIN_COLOR);
  const menu = safeColor(app.colors?.menu_color, DEFAULT_MENU_COLOR);
  return `:root{--color-main:${main};--color-on-main:${readableTextOn(main)};--color-menu:${menu};--color-on-menu:${readableTextOn(menu)}}`;
}
