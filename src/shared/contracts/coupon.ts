import { z } from 'zod';

/** The coupon redeem answer (BB-030): status 1 means redeemed; the page reloads on anything else (BB-031). */
export const couponRedeemResponse = z.object({ status: z.literal(1), redeemed: z.literal(true) });
export type CouponRedeemResponse = z.infer<typeof couponRedeemResponse>;
