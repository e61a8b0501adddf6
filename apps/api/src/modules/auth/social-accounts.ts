import { eq, sql } from 'drizzle-orm';
import { LEGAL_MESSAGES, type SignupRole, type TrackingTouch } from '@stagepass/shared';
import { badRequest } from '../../platform/errors';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import type { AccountWriters } from './accounts';
import { revokeAllSessions } from './sessions';

/** Who a provider (Google, Twitter) says is signing in. */
export interface SocialIdentity {
  provider: 'google' | 'twitter';
  subject: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string;
  role: SignupRole;
  /** The sign-up confirmations (age, terms) were given: required when the sign-in creates the account. */
  consent: boolean;
  /** The client address the confirmations are recorded with. */
  ip: string | null;
  /** The tracking links' touches the browser kept: attributed only when this sign-in creates the account, as a sign-up form's are. */
  trackingTouches?: TrackingTouch[];
}

/**
 * The account for a social sign-in: the one linked to the provider id, else the one with the
 * provider-verified e-mail (linked now), else a new one (without username: the user lands on the
 * account page to pick one) — only with the sign-up confirmations (`consent`), recorded with it;
 * without them → 400 naming both fields (the web sends the user to the sign-up page).
 *
 * Linking by e-mail needs the provider to vouch for the address. When the local account never
 * proved that address itself, whoever registered it may not own it: its password is cleared and
 * its sessions revoked before linking, so a squatter cannot keep access to the owner's account.
 */
export async function findOrCreateSocialUser(w: AccountWriters, db: Db, p: SocialIdentity): Promise<UserRow> {
  const col = p.provider === 'google' ? users.googleId : users.twitterId;
  const link = p.provider === 'google' ? { googleId: p.subject } : { twitterId: p.subject };
  return db.transaction(async (tx) => {
    const [linked] = await tx.select().from(users).where(eq(col, p.subject)).limit(1);
    if (linked) return linked;
    if (p.email && p.emailVerified) {
      const [byEmail] = await tx.select().from(users).where(sql`lower(${users.email}) = ${p.email.toLowerCase()}`).limit(1);
      if (byEmail) {
        const squatted = !byEmail.verifiedEmail;
        const u = await w.accounts.linkSocial(tx, byEmail.id, link, { clearPassword: squatted });
        if (squatted) await revokeAllSessions(tx, byEmail.id);
        return u;
      }
    }
    if (!p.consent) {
      throw badRequest(LEGAL_MESSAGES.socialSignUpConsent, [
        { field: 'ageConfirmed', message: LEGAL_MESSAGES.ageNotConfirmed },
        { field: 'acceptTerms', message: LEGAL_MESSAGES.termsNotAccepted },
      ]);
    }
    const isPerformer = p.role === 'performer';
    const u = await w.accounts.create(tx, {
      email: p.email && p.emailVerified ? p.email.toLowerCase() : null, verifiedEmail: Boolean(p.email && p.emailVerified),
      name: p.name ?? '', isPerformer, roles: isPerformer ? ['user', 'performer'] : ['user'], ...link,
    });
    if (isPerformer) await w.performerProfiles.create(u.id, {}, tx);
    await w.legal.recordSignUp(tx, u.id, p.ip);
    if (p.trackingTouches?.length && w.signUpAttribution) await w.signUpAttribution.attach(tx, u.id, p.trackingTouches);
    // The provider vouched for the address (or there is none): no verification link.
    await w.events.record(tx, 'user.registered', { userId: u.id, isPerformer, verifyEmail: false });
    return u;
  });
}
