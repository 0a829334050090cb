import type { FastifyRequest } from 'fastify';
import { DELIVERY_ZIP_COOKIE } from '../../services/delivery/delivery-cookies';

/** Where the shopper's deliveries go: the chosen ZIP code, else their account's. */
export async function shopperZip(request: FastifyRequest): Promise<string | null> {
  return request.cookies[DELIVERY_ZIP_COOKIE] ?? (await request.session.customer())?.postalCode ?? null;
}
