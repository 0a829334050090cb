import { z } from 'zod';

// LOG-003/004: a ref marker needs a tag.
export const refTag = z
  .string()
  .min(1, 'refTag is not defined')
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ref tag may hold letters, digits and _ . : - only');

// No schema id: @fastify/swagger cannot resolve a $ref in querystring parameters.
export const refMarkerQuery = z.object({ ref_: refTag });

export const loggedResponse = z.object({ logged: z.literal(true) }).meta({ id: 'Logged' });

/** One metric event from the page: the schema and producer ids say what it is and who sent it (LOG-008). */
const metricEvent = z
  .object({
    schemaId: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[A-Za-z0-9_.:/-]+$/, 'schemaId may hold letters, digits and _ . : / - only'),
    producerId: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[A-Za-z0-9_.:/-]+$/, 'producerId may hold letters, digits and _ . : / - only'),
    data: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).default({}),
  })
  .strict();
export type MetricEvent = z.infer<typeof metricEvent>;

export const metricEventsRequest = z
  .object({ events: z.array(metricEvent).min(1).max(100) })
  .strict()
  .meta({ id: 'MetricEvents' });

/** The alternate logger's path: the reference tag of its `ref=` suffix (LOG-007). */
export const refTagLogParams = z.object({ tag: refTag });

/** How many of the page's metric events were taken (LOG-008). */
export const metricEventsResponse = z.object({ accepted: z.number().int() });
