/** Runtime configuration read on the server (never baked at build time). */
export function publicApiUrl(): string {
  return stripSlash(process.env.PUBLIC_API_URL || 'http://localhost:8080');
}
export function internalApiUrl(): string {
  return stripSlash(process.env.API_INTERNAL_URL || publicApiUrl());
}
function stripSlash(u: string): string {
  return u.replace(/\/+$/, '');
}

export const TOKEN_COOKIE = 'token';
export const THEME_KEY = 'theme';
export const UI_STORAGE_KEY = 'ui';
export type ThemeMode = 'light' | 'dark' | 'system';
export const isThemeMode = (v: unknown): v is ThemeMode => v === 'light' || v === 'dark' || v === 'system';
