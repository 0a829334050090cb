import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageData } from '../../shared/contracts/pages/page-data';
import type { ShopperView } from '../../shared/contracts/pages/shopper';
import { DEFAULT_MARKETPLACE_ID } from '../../shared/marketplaces';
import { countCartUnits } from '../db/repositories/cart-repository';
import { DELIVERY_ZIP_COOKIE, LOCATION_PROMPT_COOKIE } from '../services/delivery/delivery-cookies';
import type { ClientAssets } from './client-assets';
import { type DocumentHead, renderDocument } from './render-document';

/** Who is shopping, as the header shows it. */
export async function shopperView(app: FastifyInstance, request: FastifyRequest): Promise<ShopperView> {
  const customer = await request.session.customer();
  const owner = await request.session.cartOwner();
  const cartCount = request.session.isNew
    ? 0
    : await countCartUnits(app.store.db, owner, DEFAULT_MARKETPLACE_ID, ['RETAIL', 'FRESH']);
  const deliveryZip = request.cookies[DELIVERY_ZIP_COOKIE] ?? customer?.postalCode ?? null;
  return {
    signedIn: customer !== null,
    name: customer?.name ?? null,
    sessionId: request.session.id,
    cartCount,
    deliveryZip,
    // DP-005: the prompt is for a shopper with no location; a customer's saved address is one (decision 0046).
    locationPromptEligible:
      deliveryZip === null &&
      customer?.hasSavedAddress !== true &&
      request.cookies[LOCATION_PROMPT_COOKIE] !== 'dismissed',
  };
}

export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  head: Omit<DocumentHead, 'csrfToken' | 'slateToken'>,
  data: PageData,
  assets: ClientAssets | undefined,
) {
  const origin = `${request.protocol}://${request.host}`;
  const { bytes, styleSources } = renderDocument(
    { ...head, csrfToken: request.session.csrfToken, slateToken: request.session.slateToken() },
    data,
    assets,
    origin,
  );
  // A page's own policy (scripts and styles from our origin, and its own inline styles by their
  // hashes) replaces the one that allows nothing.
  reply.applyPageSecurityHeaders(styleSources);
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Already UTF-8 bytes (renderDocument): a string with any non-Latin-1 character (a title's dash)
      // is two-byte in V8, and Fastify would measure it and Node encode it again. Sent as they are:
      // copying them again was a 45 KB allocation and copy per page.
      .send(bytes)
  );
}
