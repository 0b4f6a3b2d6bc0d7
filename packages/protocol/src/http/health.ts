/** The server process' own state: whether it takes games and writes (a load balancer's health check). */
import * as z from 'zod/mini';
import { none, route } from './atoms.js';

/** The health check. */
export const HEALTH_ROUTES = {
  /** 200, or 503 with the same body while draining or when the database takes no writes. */
  health: route({
    method: 'GET',
    path: '/healthz',
    params: none,
    auth: 'none',
    response: z.object({
      status: z.enum(['ok', 'draining', 'unwritable']),
      process: z.string(), // the Colyseus process id
      route: z.nullable(z.string()), // PROCESS_ROUTE: the path prefix a reverse proxy sends to this process
    }),
    answers: [200, 503],
  }),
} as const;
