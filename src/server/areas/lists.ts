import * as lists from '../db/migrations/0024-lists';
import { listRoutes } from '../routes/lists/list-routes';
import { listNoticeSlice } from '../services/lists/list-pages';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Wish lists, gift lists and idea lists (LIST; decisions 0058..0061). */
export const listsArea = {
  name: 'lists',
  routes: [listRoutes],
  pageSlices: {
    listNotice: { at: 'page', deferred: false, load: listNoticeSlice },
  } satisfies ContractPageSlices,
  migrations: { '0024-lists': lists },
} satisfies ServerArea;
