'use client';
import { useCallback } from 'react';
import { useAppDispatch } from '@/store';
import { logout } from '@/store/auth';

/** Logout: revoke the session, remove the token, reset user state, go to /auth/login (spec §4). */
export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await dispatch(logout());
    window.location.assign('/auth/login');
  }, [dispatch]);
}
