import { THEME_KEY } from './config';

/**
 * Inline script for <head>: applies the stored theme (or the system's, for "system") before the
 * first paint, so a dark page never flashes white, and keeps the cookies the server renders the
 * next page from. In a module of its own, without 'use client': the root layout (a server
 * component) renders the string itself — imported from lib/theme.tsx, a client module, it arrived
 * as a client reference, and no script ran.
 */
export const themeBootScript = `(function(){try{var m=localStorage.getItem('${THEME_KEY}')||'system';var d=m==='dark'||(m==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=d?'dark':'light';document.documentElement.dataset.theme=r;document.documentElement.style.colorScheme=r;document.cookie='${THEME_KEY}='+m+';path=/;max-age=31536000;samesite=lax';document.cookie='theme-resolved='+r+';path=/;max-age=31536000;samesite=lax';}catch(e){}})();`;
