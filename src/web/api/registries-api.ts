import type {
  AddProductResponse,
  BabyAddResponse,
  DpxAddView,
  ListRegistryResponse,
  PostAddStatus,
  RecommendationResponse,
  RegistryTagsResponse,
  WeddingAddItemsResponse,
  WeddingModalView,
} from '../../shared/contracts/registries';
import {
  ADD_PRODUCT_PATH,
  BABY_ADD_PATH,
  BABY_ADD_TIMEOUT_MS,
  BABY_CLOSE_PATH,
  BABY_RECOMMENDATION_PATH,
  type BabyManageFlag,
  babyManagePath,
  dpxAddToRegistryPath,
  LIST_REGISTRY_PATH,
  type RegistryType,
  registryTagsPath,
  WEDDING_ADD_ITEMS_PATH,
  WEDDING_EXTERNAL_MODAL_PATH,
} from '../../shared/registry-constants';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

const q = (asin: string) => `?${new URLSearchParams({ asin })}`;

/** REG-017: the shopper's registries, each saying whether it holds the asin. */
export const fetchRegistries = (asin: string): Promise<ApiResult<ListRegistryResponse>> =>
  request(`${LIST_REGISTRY_PATH}${q(asin)}`);

/** REG-023: the baby add, waited for at most 5 s. */
export const addToBabyRegistry = (asin: string, sid: string): Promise<ApiResult<BabyAddResponse>> =>
  request(BABY_ADD_PATH, {
    json: { asin, sid, vendorId: 'dp', token: pageTokens().csrfToken },
    timeoutMs: BABY_ADD_TIMEOUT_MS,
  });

/** REG-028..031: one toggle or the requested count, saved at once. */
export const manageBabyItem = (
  flag: BabyManageFlag,
  asin: string,
  value: boolean | number,
): Promise<ApiResult<PostAddStatus>> =>
  request(babyManagePath(flag), { json: { asin, value, token: pageTokens().csrfToken } });

/** REG-024 */
export const fetchBabyRecommendations = (asin: string): Promise<ApiResult<RecommendationResponse>> =>
  request(`${BABY_RECOMMENDATION_PATH}${q(asin)}`);

/** REG-026: the panel was closed (nothing waits for it). */
export const closeBabyPanel = (asin: string) =>
  void request(`${BABY_CLOSE_PATH}${q(asin)}`, { keepalive: true });

/** REG-020 */
export const fetchWeddingModal = (asin: string): Promise<ApiResult<WeddingModalView>> =>
  request(`${WEDDING_EXTERNAL_MODAL_PATH}${q(asin)}`);

/** REG-019 */
export const addToWeddingRegistry = (
  registryId: string,
  asin: string,
  requestedQuantity: number,
): Promise<ApiResult<WeddingAddItemsResponse>> =>
  request(WEDDING_ADD_ITEMS_PATH, {
    json: { registryId, items: [{ asin, requestedQuantity }], token: pageTokens().csrfToken },
  });

/** REG-021 */
export const fetchDpxAdd = (type: RegistryType, id: string, asin: string): Promise<ApiResult<DpxAddView>> =>
  request(`${dpxAddToRegistryPath(type, id)}${q(asin)}`);

/** REG-022 */
export const fetchRegistryTags = (type: RegistryType, id: string): Promise<ApiResult<RegistryTagsResponse>> =>
  request(registryTagsPath(type, id));

/** REG-018 */
export const addToRegistry = (
  registry: { id: string; type: RegistryType },
  asin: string,
  desiredQuantity: number,
): Promise<ApiResult<AddProductResponse>> =>
  request(ADD_PRODUCT_PATH, {
    json: {
      asin,
      desiredQuantity,
      registryId: registry.id,
      registryType: registry.type,
      itemType: 'KIND_ITEM',
      vendorId: 'dp',
      token: pageTokens().csrfToken,
    },
  });
