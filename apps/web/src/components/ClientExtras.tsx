'use client';
/**
 * The shared extra component rendered (client-side only) in every layout: global listeners that
 * have no UI of their own.
 * - 401 from any call → reset auth/user state, go to /auth/login;
 * - UI/site settings are saved to localStorage whenever they change (spec §3);
 * - the favicon follows the settings;
 * - the service worker is registered, and the "Install" offer shown when due (lib/pwa.ts): from
 *   the second visit, at the visitor's first interaction with the page.
 */
import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { setUnauthorizedHandler } from '@/lib/api';
import { UI_STORAGE_KEY } from '@/lib/config';
import { useAppDispatch, useAppSelector } from '@/store';
import { resetAuth } from '@/store/auth';
import { afterFirstInteraction, countVisit, installPromptDue, onInstallable, registerServiceWorker, rememberInstallAnswer, type InstallPromptEvent } from '@/lib/pwa';

const InstallPrompt = dynamic(() => import('./InstallPrompt'), { ssr: false });

export default function ClientExtras() {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const ui = useAppSelector((s) => s.ui);
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    registerServiceWorker();
    const visits = countVisit();
    // The boot script took the browser's prompt (so Chromium shows no mini-bar of its own); ours
    // waits for its moment: a second visit, once the visitor first touches the page.
    let waiting: (() => void) | undefined;
    const stop = onInstallable((e) => {
      if (installPromptDue(visits)) waiting ??= afterFirstInteraction(() => setInstallEvent(e));
    });
    const installed = () => {
      rememberInstallAnswer();
      setInstallEvent(null);
    };
    window.addEventListener('appinstalled', installed);
    return () => {
      stop();
      waiting?.();
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      dispatch(resetAuth());
      if (window.location.pathname !== '/auth/login') router.replace('/auth/login');
    });
    return () => setUnauthorizedHandler(null);
  }, [dispatch, router]);

  useEffect(() => {
    try {
      window.localStorage.setItem(UI_STORAGE_KEY, JSON.stringify(ui));
    } catch {
      /* storage full or disabled */
    }
    if (ui.favicon) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      if (link.getAttribute('href') !== ui.favicon) link.href = ui.favicon;
    }
  }, [ui]);

  return installEvent ? <InstallPrompt event={installEvent} onDone={() => setInstallEvent(null)} /> : null;
}
