import * as lists from '../db/migrations/0024-lists';
import { listRoutes } from '../routes/lists/list-routes';
import type { ServerArea } from './server-area';

/** Wish lists, gift lists and idea lists (LIST; decisions 0058..0061). */
export const listsArea = {
  name: 'lists',
  routes: [listRoutes],
  migrations: { '0024-lists': lists },
} satisfies ServerArea;
