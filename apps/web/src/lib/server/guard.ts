/**
 * Page-level flags (spec §2, §6). A page calls `await guardPage({...})` first thing:
 * - authenticate: an anonymous visitor goes to /auth/login; a refused token is removed
 *   (through /auth/logout, which clears the cookie) and the visitor goes to /auth/login;
 * - creatorOnly: implies authenticate; a signed-in non-performer goes to /auth/login;
 * - adminOnly: implies authenticate; a signed-in user without `isAdmin` goes to /auth/login;
 * - skipPostLoginRedirect: read by the login form — after login stay instead of going to
 *   postLoginPath(user).
 * When the API cannot be reached the guard does not log anyone out: it returns status 'error'
 * and the page shows its error state. An account with new terms to accept (403 terms_required)
 * is not logged out either: the root layout shows the terms screen.
 */
import { redirect } from 'next/navigation';
import type { CurrentUser } from '@stagepass/shared';
import { getCurrentUser } from './api';

export interface PageFlags {
  authenticate?: boolean;
  creatorOnly?: boolean;
  adminOnly?: boolean;
  skipPostLoginRedirect?: boolean;
}

export type GuardResult = { status: 'ok'; user: CurrentUser } | { status: 'anonymous' | 'error'; user: null };

export async function guardPage(flags: PageFlags = {}): Promise<GuardResult> {
  const me = await getCurrentUser();
  const needsUser = flags.authenticate || flags.creatorOnly || flags.adminOnly;
  if (me.status === 'invalid') {
    if (needsUser) redirect('/auth/logout');
    return { status: 'anonymous', user: null };
  }
  // New terms to accept: the root layout shows "We've updated our terms" instead of the page; a
  // public page is the visitor's, a signed-in one its error state (never shown).
  if (me.status === 'terms') return { status: needsUser ? 'error' : 'anonymous', user: null };
  if (!needsUser) return me.status === 'ok' ? me : { status: me.status, user: null };
  if (me.status === 'anonymous') redirect('/auth/login');
  if (me.status === 'error') return { status: 'error', user: null };
  if (flags.creatorOnly && !me.user.isPerformer) redirect('/auth/login');
  if (flags.adminOnly && !me.user.isAdmin) redirect('/auth/login');
  return me;
}
