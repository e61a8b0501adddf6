'use client';
import { useEffect, useRef, useState } from 'react';
import type { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';

/** `alreadyVerified`: the verification link had been used (or replaced) and the address is verified. */
export type LinkTokenState = { status: 'pending' } | { status: 'ok'; alreadyVerified: boolean } | { status: 'failed'; message: string };

/**
 * Posts the one-time token of an e-mailed link (verification, e-mail change) once, on mount, and
 * tracks the answer. Strict mode mounts twice in development: the ref keeps it to one request,
 * since a second one would find the token already used.
 */
export function useLinkToken(def: typeof routes.auth.verifyEmail | typeof routes.auth.confirmEmailChange, token: string | null, missingMessage: string): LinkTokenState {
  const [state, setState] = useState<LinkTokenState>(token ? { status: 'pending' } : { status: 'failed', message: missingMessage });
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    call(def, { body: { token } })
      .then((data) => setState({ status: 'ok', alreadyVerified: 'alreadyVerified' in data && data.alreadyVerified }))
      .catch((e) => setState({ status: 'failed', message: errorText(e) }));
  }, [def, token]);
  return state;
}
