import { z } from 'zod';

/** The invitation request's answer for a high-demand product (BB-033..039). */
export const invitationResponse = z.object({
  type: z.literal('invite.response/v1'),
  entity: z.object({ status: z.literal('REQUESTED') }),
});
export type InvitationResponse = z.infer<typeof invitationResponse>;
