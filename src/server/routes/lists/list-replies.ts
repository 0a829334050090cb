import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import { LIST_NOTICE_ELEMENT_ID } from '../../../shared/list-add-path';
import type { ListAddNotice } from '../../../shared/list-constants';
import { type ListRefusal, refusedState } from '../../services/lists/lists';
import { PENDING_ADD_COOKIE, safeReturnTo } from '../../services/lists/pending-adds';
import { refusalStatus } from '../refusal-status';

/** A list call's answers: its own body for 200 and for refusals, the house error for a bad request or token. */
export const listAnswers = <T extends z.ZodType>(body: T) => ({
  200: body,
  303: z
    .null()
    .meta({ description: 'A form post without script: the browser goes to the list or back to the page' }),
  400: z.union([body, errorResponse]),
  401: body,
  403: z.union([body, errorResponse]),
  404: body,
  422: body,
});

/** A plain HTML form post (no script): it gets a redirect, never JSON (decision 0059). */
export function isPlainForm(
  request: FastifyRequest,
  body: { isAjax?: boolean | undefined; isJson?: boolean | undefined },
) {
  const type = request.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded') && !body.isAjax && !body.isJson;
}

/** The page a write came from: the body's `returnTo`, else the Referer's path, when it is ours. */
export function returnToOf(request: FastifyRequest, sent: string | undefined, asin?: string): string {
  if (sent) return safeReturnTo(sent, asin);
  const referer = request.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === request.headers.host) return safeReturnTo(`${url.pathname}${url.search}`, asin);
    } catch {
      // not a URL: fall through
    }
  }
  return safeReturnTo(undefined, asin);
}

/** A refused list write: the ajax state with the refusal (LIST-011), at the refusal's status. */
export function sendListRefusal<T extends object>(
  reply: FastifyReply,
  refusal: ListRefusal,
  empty: T,
  authUrl: string | null = null,
) {
  return reply.code(refusalStatus(refusal.code)).send({ ...empty, ...refusedState(refusal, authUrl) });
}

/** The browser keeps the id of its waiting add, so only it can complete it (decision 0060). */
export function rememberPendingAdd(reply: FastifyReply, id: string) {
  reply.setCookie(PENDING_ADD_COOKIE, id, {
    path: '/hz/wishlist',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60 * 60,
  });
}

/** A notice for the list page after a form post: carried in the address, shown once. */
export const withNotice = (url: string, message: string, name = 'notice') =>
  `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(message)}`;

/** Back to the page an add came from, with its notice in view (decision 0060). */
export const withListNotice = (url: string, notice: ListAddNotice) =>
  `${withNotice(url, notice, 'listNotice')}#${LIST_NOTICE_ELEMENT_ID}`;
