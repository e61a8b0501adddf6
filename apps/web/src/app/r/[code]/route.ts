import { REFERRAL_QUERY_PARAM } from '@stagepass/shared';

/**
 * /r/<code>: a creator's referral link (issue 30 §5) → the creator sign-up with the code kept in
 * `?ref=` (the form sends it with the registration; the API links the new creator to the code's
 * owner). A relative Location, so it works behind any proxy or host name.
 */
export function GET(_req: Request, ctx: { params: Promise<{ code: string }> }) {
  return ctx.params.then(({ code }) => {
    const clean = code.replace(/[^A-Za-z0-9]/g, '').slice(0, 40).toUpperCase();
    return new Response(null, { status: 307, headers: { Location: `/auth/register/creator?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(clean)}`, 'Cache-Control': 'no-store' } });
  });
}
