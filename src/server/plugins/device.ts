import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEVICE_TYPE_HEADER,
  DEVICE_TYPES,
  type DeviceType,
  SHOPPING_APP_USER_AGENT_MARK,
} from '../../shared/deal-constants';

const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPad|iPod/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The device the request comes from (DEAL-037), read from its headers when first asked. */
    readonly device: DeviceType;
  }
}

/** The device a request comes from (DEAL-037): the page's device header, else its User-Agent. */
export function deviceOf(request: Pick<FastifyRequest, 'headers'>): DeviceType {
  const sent = request.headers[DEVICE_TYPE_HEADER];
  if (typeof sent === 'string' && (DEVICE_TYPES as readonly string[]).includes(sent)) {
    return sent as DeviceType;
  }
  const agent = request.headers['user-agent'] ?? '';
  if (agent.includes(SHOPPING_APP_USER_AGENT_MARK)) return 'app';
  return MOBILE_USER_AGENT.test(agent) ? 'mobile' : 'desktop';
}

/** Decorates every request with `request.device`. */
export const devicePlugin = fp(
  async (app) => {
    app.decorateRequest('device', {
      getter(this: FastifyRequest) {
        return deviceOf(this);
      },
    });
  },
  { name: 'device' },
);
