import { z } from 'zod';

/** `/healthz`: the process answers and its database too. */
export const healthUp = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** `/healthz` when the database does not answer (503). */
export const healthDown = z.object({ status: z.literal('unavailable'), database: z.literal('down') });
