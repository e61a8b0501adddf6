'use client';
import { useState } from 'react';
import type { FormInstance } from 'antd';
import { prehashPassword } from '@stagepass/shared';
import { compact, showFieldErrors } from '@/lib/form-rules';
import { errorText } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import { useRegisterFinish, type RegisterResponse } from './useRegisterFinish';

/** The fields both sign-up forms (fan, creator) ask for. */
export interface SignUpValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  gender?: string;
  country?: string;
  /** The sign-up confirmations (SignUpConsent): both required. */
  ageConfirmed?: boolean;
  acceptTerms?: boolean;
}

/** What a sign-up form sends of {@link SignUpValues}: normalised, pre-hashed when the site asks, empty ones dropped. */
export type SignUpFields = Partial<Record<'firstName' | 'lastName' | 'username' | 'email' | 'password' | 'gender' | 'country', string>>;

/**
 * The submit of a sign-up form. `submit(v)` sends the common fields through `send` (which adds its
 * own and picks the endpoint), then finishes the sign-up (see useRegisterFinish); on failure it puts
 * the API's messages under the fields and the summary in `error`. It never throws.
 */
export function useSignUp<V extends SignUpValues>(form: FormInstance<V>, send: (fields: SignUpFields, v: V) => Promise<RegisterResponse>) {
  const { clientPasswordHashing } = useSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const { done, loginError, finish } = useRegisterFinish();

  const submit = async (v: V) => {
    setFailure(null);
    try {
      const password = clientPasswordHashing ? await prehashPassword(v.password) : v.password;
      const fields = compact({ firstName: v.firstName, lastName: v.lastName, username: v.username.trim().toLowerCase(), email: v.email.trim(), password, gender: v.gender, country: v.country });
      const res = await send(fields, v);
      await finish(res, { username: fields.username!, password: v.password, email: v.email });
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e));
    }
  };
  return { done, error: failure || loginError, submit };
}
