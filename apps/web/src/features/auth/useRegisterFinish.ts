'use client';
import { useState } from 'react';
import { postLoginPath, type CurrentUser } from '@stagepass/shared';
import { useSettings } from '@/lib/site-context';
import { useAppDispatch } from '@/store';
import { login } from '@/store/auth';

export interface RegisterResponse {
  user: CurrentUser;
  message?: string;
  verificationRequired?: boolean;
}

/**
 * After a successful sign-up: when the account must verify its e-mail first, show "check your
 * e-mail"; otherwise log in with the same credentials and go to the post-login landing.
 */
export function useRegisterFinish() {
  const settings = useSettings();
  const dispatch = useAppDispatch();
  const [done, setDone] = useState<{ email?: string; message?: string } | null>(null);
  const [loginError, setLoginError] = useState<string | null>(null);

  const finish = async (res: RegisterResponse, creds: { username: string; password: string; email: string }) => {
    const mustVerify = res.verificationRequired ?? (settings.requireEmailVerification && !res.user?.verifiedEmail);
    if (mustVerify) {
      setDone({ email: creds.email, message: res.message });
      return;
    }
    const r = await dispatch(login({ username: creds.username, password: creds.password, remember: false, hashPassword: settings.clientPasswordHashing }));
    if (login.fulfilled.match(r) && !r.payload.twoFactor) window.location.assign(postLoginPath(r.payload.user));
    else setLoginError(`Your account was created, but we could not log you in: ${r.payload}. Please log in.`);
  };
  return { done, loginError, finish };
}
