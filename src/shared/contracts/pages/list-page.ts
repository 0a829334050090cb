import { z } from 'zod';
import { LIST_PRIORITIES, LIST_PRIVACY, LIST_TYPES } from '../../list-constants';
import { listItemView, listSummary } from '../lists';
import { notice, shopperView } from './shopper';

/**
 * A list's page (LIST-004..006), or the shopper's lists with the create form (`list` null). The owner
 * gets the actions; anyone with the link reads a public list or one shared by link.
 */
export const listPageData = z.object({
  page: z.literal('list'),
  shopper: shopperView,
  csrfToken: z.string(),
  list: z
    .object({
      listExternalId: z.string(),
      name: z.string(),
      description: z.string(),
      listType: z.enum(LIST_TYPES),
      privacy: z.enum(LIST_PRIVACY),
      isDefault: z.boolean(),
      recipient: z.string().nullable(),
      occasionDate: z.string().nullable(),
      /** The page's own path, where the actions post. */
      path: z.string(),
      /** The owner's link for sharing a private list (null: none made, or revoked). */
      shareUrl: z.string().nullable(),
      items: z.array(listItemView),
    })
    .nullable(),
  isOwner: z.boolean(),
  /** The share link's token a visitor came with: their add-to-cart forms carry it. */
  viewToken: z.string().nullable().default(null),
  /** The shopper's own lists (the sidebar; the index page when `list` is null). */
  lists: z.array(listSummary),
  priorities: z.array(z.enum(LIST_PRIORITIES)),
  notice: notice.nullable(),
});
export type ListPageData = z.infer<typeof listPageData>;
