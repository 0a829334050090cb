import { z } from 'zod';

/** `/healthz`: the process answers and its database too. */
export const healthUp = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** `/healthz` when the database does not answer (503): the process runs, degraded, and reconnects by itself. */
export const healthDown = z.object({ status: z.literal('degraded'), database: z.literal('down') });
