/**
 * Part of the root layout's inline boot script (before any bundle loads): Chromium fires
 * beforeinstallprompt early, often before the page's client extras have mounted, so it is taken
 * here — kept on `window.__spInstall` and announced with a `sp:installable` event — and
 * ClientExtras (lib/pwa.ts `takeInstallPrompt`) decides whether and when to offer installing.
 */
export const INSTALL_PROMPT_GLOBAL = '__spInstall';
export const INSTALLABLE_EVENT = 'sp:installable';
export const installPromptBootScript = `addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.${INSTALL_PROMPT_GLOBAL}=e;dispatchEvent(new Event('${INSTALLABLE_EVENT}'))});`;
