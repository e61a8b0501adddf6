'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Cookies from 'js-cookie';
import { isThemeMode, THEME_KEY, type ThemeMode } from './config';

interface ThemeContextValue {
  mode: ThemeMode;
  resolved: 'light' | 'dark';
  setMode: (m: ThemeMode) => void;
}
const ThemeContext = createContext<ThemeContextValue>({ mode: 'system', resolved: 'light', setMode: () => {} });
export const useTheme = () => useContext(ThemeContext);

function systemPrefersDark() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

/**
 * Theme preference light/dark/system kept in localStorage `theme` (spec §3). It is mirrored in a
 * cookie so the server renders the right palette on the first paint.
 */
export function ThemeModeProvider({ initialMode, initialResolved, children }: { initialMode: ThemeMode; initialResolved: 'light' | 'dark'; children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode);
  const [systemDark, setSystemDark] = useState(initialResolved === 'dark');

  useEffect(() => {
    const stored = window.localStorage.getItem(THEME_KEY);
    if (isThemeMode(stored) && stored !== mode) setModeState(stored);
    setSystemDark(Boolean(systemPrefersDark()));
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const onChange = () => setSystemDark(mq.matches);
    mq?.addEventListener('change', onChange);
    const onStorage = (e: StorageEvent) => {
      if (e.key === THEME_KEY && isThemeMode(e.newValue)) setModeState(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      mq?.removeEventListener('change', onChange);
      window.removeEventListener('storage', onStorage);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const resolved: 'light' | 'dark' = mode === 'system' ? (systemDark ? 'dark' : 'light') : mode;

  useEffect(() => {
    const el = document.documentElement;
    el.dataset.theme = resolved;
    el.style.colorScheme = resolved;
    Cookies.set('theme-resolved', resolved, { path: '/', expires: 365, sameSite: 'lax' });
  }, [resolved]);

  const setMode = useCallback((m: ThemeMode) => {
    setModeState(m);
    window.localStorage.setItem(THEME_KEY, m);
    Cookies.set(THEME_KEY, m, { path: '/', expires: 365, sameSite: 'lax' });
  }, []);

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
