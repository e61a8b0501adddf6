import { envelope, listEnvelope, uuidParamSchema } from '../api';
import {
  adminReferralSchema, adminReferralsQuerySchema, myReferralsQuerySchema, myReferralsSchema, referralCodeInfoSchema, referralCodeParamsSchema, voidReferralSchema,
} from '../referrals';
import { defineRoutes } from './define';

/** Issue 30 §5: creator referrals (modules/referrals README). */
export const referrals = {
  ...defineRoutes('referrals', {
    mine: {
      method: 'GET',
      path: '/referrals/me',
      access: 'performer',
      description:
        "The caller's referral page: their code (made on first call; null while the operator has referrals off), the programme's share and months now, the all-time total earned, and the creators who signed up through the link (newest first, paginated: display name, since, until, status, what each earned the caller).",
      schema: { querystring: myReferralsQuerySchema, response: { 200: envelope(myReferralsSchema) } },
    },
    code: {
      method: 'GET',
      path: '/referrals/code/:code',
      access: 'anyone',
      description: "Whether a referral link's code is valid: the referrer's display name for the creator sign-up page. Unknown code, or referrals off → 404.",
      schema: { params: referralCodeParamsSchema, response: { 200: envelope(referralCodeInfoSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminList: {
      method: 'GET',
      path: '/admin/referrals',
      access: 'admin',
      description: "Operator: every referral, newest first (referrer, referred creator, since, until, status, what it earned the referrer, void date and reason). Filters: status (active | ended | voided), q (either creator's username or name).",
      schema: { querystring: adminReferralsQuerySchema, response: { 200: listEnvelope(adminReferralSchema) } },
    },
    adminVoid: {
      method: 'POST',
      path: '/admin/referrals/:id/void',
      access: 'admin',
      description: "Operator: voids a referral with a reason (audited: referral.void). From then on the referred creator's sales pay the referrer nothing; what was paid stays. Already voided → 422; unknown → 404.",
      schema: { params: uuidParamSchema, body: voidReferralSchema, response: { 200: envelope(adminReferralSchema) } },
    },
  }),
};
