import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { WalletService } from './wallet.service';
import type { GeoService } from '../geo/geo.service';

/** What the wallet routes are given by the composition root (by closure). */
export interface WalletRoutesDeps {
  wallet: WalletService;
  /** The request's country: the fan's tax place when they stated none (taxes README "Sales tax"). */
  geo: Pick<GeoService, 'countryOfRequest'>;
}

/** Spec §7 Wallet. Contracts: packages/shared/src/routes/wallet.ts. */
export const walletRoutes = (deps: WalletRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.wallet;
  const r = routes.wallet;

  handle(app, r.charge, async (req, reply) => {
    const user = currentUser(req);
    const body = req.body ?? {};
    const key = idempotencyKeyFrom(req.headers['idempotency-key']);
    const res = await svc.charge(user, req.params.kind, req.params.id, body, key, fingerprint('POST', req.url, body), { requestCountry: await deps.geo.countryOfRequest(req) });
    return reply.status(res.statusCode as 200).send({ data: res.body });
  });

  handle(app, r.cart, async (req, reply) => {
    const key = idempotencyKeyFrom(req.headers['idempotency-key']);
    const res = await svc.checkout(currentUser(req), req.body, key, fingerprint('POST', req.url, req.body), { requestCountry: await deps.geo.countryOfRequest(req) });
    return reply.status(res.statusCode as 200).send({ data: res.body });
  });

  handle(app, r.search, async (req) => ({ data: await svc.search(currentUser(req).id, req.query) }));
};
