'use client';
import { useCallback } from 'react';
import { useAppDispatch } from '@/store';
import { logout } from '@/store/auth';

function hasPushDevice(): boolean {
  try {
    return Boolean(localStorage.getItem('push-device'));
  } catch {
    return false;
  }
}

/**
 * Logout: revoke the session, remove the token, reset user state, go to /auth/login (spec §4).
 * A browser with push on stops pushing to this account first (lib/push.ts, loaded only then).
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    if (hasPushDevice()) await import('./push').then((m) => m.turnPushOff()).catch(() => undefined);
    await dispatch(logout());
    window.location.assign('/auth/login');
  }, [dispatch]);
}
