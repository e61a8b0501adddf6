import '../zod-config';
import { z } from 'zod';
import { defineRoutes } from './define';

/** Liveness and readiness probes for load balancers and orchestrators. */
export const health = defineRoutes('health', {
  live: {
    method: 'GET',
    path: '/healthz',
    access: 'anyone',
    description: 'Liveness: the process answers.',
    schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    access: 'anyone',
    description:
      'Prometheus metrics (text format) for a scraper: only with METRICS_TOKEN set and `Authorization: Bearer <METRICS_TOKEN>` (missing → 401, wrong → 401); without METRICS_TOKEN → 404. docs/operations.md "Metrics".',
    ownAuthorization: true,
    schema: { hide: true },
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    access: 'anyone',
    description: 'Readiness: the database answers a ping (503 otherwise).',
    schema: {},
  },
});
