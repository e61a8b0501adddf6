'use client';
import { useEffect, useState } from 'react';
import { REFERRAL_QUERY_PARAM, referralCodeSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';

const KEY = 'stagepass.referralCode';

/**
 * The referral code a creator sign-up came through (`/r/<code>` → `?ref=<code>`; issue 30 §5):
 * kept in the tab's sessionStorage so it survives a detour (log in, the terms) back to the form,
 * and checked with the API (GET /referrals/code/{code}) to name the referrer. An invalid or unknown
 * code is not sent. Only the creator sign-up uses it: a fan account is never "referred".
 */
export function useReferralCode(): { code: string | null; referrerName: string | null } {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    // Read once after hydration (no useSearchParams: the form stays server-rendered without a Suspense boundary).
    const fromUrl = referralCodeSchema.safeParse(new URLSearchParams(window.location.search).get(REFERRAL_QUERY_PARAM) ?? '');
    try {
      if (fromUrl.success) sessionStorage.setItem(KEY, fromUrl.data);
      const kept = referralCodeSchema.safeParse(sessionStorage.getItem(KEY) ?? '');
      setCode(fromUrl.success ? fromUrl.data : kept.success ? kept.data : null);
    } catch {
      setCode(fromUrl.success ? fromUrl.data : null);
    }
  }, []);
  const info = useRoute(routes.referrals.code, code ? { params: { code } } : null, { shouldRetryOnError: false });
  const valid = code && info.data ? code : null;
  return { code: valid, referrerName: info.data?.referrer.name ?? null };
}

/** After a sign-up went through: the code has been used. */
export function forgetReferralCode() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage off: nothing kept */
  }
}
