import type { FastifyInstance } from 'fastify';
import { LEGAL_MESSAGES, TERMS_REQUIRED_CODE } from '@stagepass/shared';
import { isAdmin } from '../../platform/auth';
import { HttpError } from '../../platform/errors';
import type { LegalService } from './legal.service';

/** The 403 of the gate: `{code: 'terms_required'}` tells the web to show "We've updated our terms". */
export const termsRequired = () => new HttpError(403, LEGAL_MESSAGES.termsRequired, undefined, TERMS_REQUIRED_CODE);

/**
 * The terms gate (README.md beside this file), after the session lookup (registerAuth): a signed-in
 * account with a document to accept (THE rule, `pendingLegal`) gets 403 `terms_required` on every
 * route that needs a session, and is served as a visitor on public ones — except the routes the
 * map marks `termsGate: false` (read the documents, accept them, sign out). Operators (isAdmin)
 * are exempt. No query: the current versions come from memory, the account's from its session row.
 */
export function registerTermsGate(app: FastifyInstance, legal: Pick<LegalService, 'pending'>) {
  app.addHook('onRequest', async (req) => {
    const user = req.user;
    if (!user) return;
    const def = req.routeOptions.config?.routeDef;
    if (!def || def.termsGate === false || isAdmin(user)) return;
    if (!(await legal.pending(user)).kinds.length) return;
    if (def.access !== 'anyone') throw termsRequired();
    req.user = null;
    req.sessionId = null;
  });
}
