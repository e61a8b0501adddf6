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
  ready: {
    method: 'GET',
    path: '/readyz',
    access: 'anyone',
    description: 'Readiness: the database answers a ping (503 otherwise).',
    schema: {},
  },
});
