import { z } from 'zod';
import { price } from '../common';
import { accountFreshOrder } from '../grocery';
import { tradeInDetail, tradeInMoney } from '../trade-in';
import { addressView } from './order-lines';
import { shopperView } from './shopper';

/** Your Account (decision 0015): who is signed in, their saved checkout details, their orders, sign out. */
export const accountPageData = z.object({
  page: z.literal('account'),
  shopper: shopperView,
  name: z.string(),
  email: z.string(),
  address: addressView.nullable(),
  paymentMethod: z.string().nullable(),
  orders: z.array(
    z.object({
      orderId: z.string(),
      placedOn: z.string(),
      itemCount: z.number().int(),
      total: price,
      href: z.string(),
    }),
  ),
  /** Fresh orders with their delivery windows (decision 0047). */
  freshOrders: z.array(accountFreshOrder).default([]),
  /** The gift-card balance (trade-in credit, decision 0053), null before any; each trade-in, newest first. */
  giftCardBalance: tradeInMoney.nullable().default(null),
  tradeIns: z.array(tradeInDetail).default([]),
  csrfToken: z.string(),
});
export type AccountPageData = z.infer<typeof accountPageData>;
