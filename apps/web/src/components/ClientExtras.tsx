'use client';
/**
 * The shared extra component rendered (client-side only) in every layout: global listeners that
 * have no UI of their own.
 * - 401 from any call → reset auth/user state, go to /auth/login;
 * - UI/site settings are saved to localStorage whenever they change (spec §3);
 * - the favicon follows the settings.
 */
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { setUnauthorizedHandler } from '@/lib/api';
import { UI_STORAGE_KEY } from '@/lib/config';
import { useAppDispatch, useAppSelector } from '@/store';
import { resetAuth } from '@/store/auth';

export default function ClientExtras() {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const ui = useAppSelector((s) => s.ui);

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

  return null;
}
