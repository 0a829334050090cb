import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

// Logging on the hot path (decision 0021): Fastify writes two lines per request by default, one on
// arrival and one when answered, each a blocking write to stdout. The store writes one line, when the
// request is answered, with the request in it, and writes it without blocking: lines logged while a
// write is in flight go out together (pino flushes what is left when the process exits).

/** One log line per request, at its answer, naming the request and the answer. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Standard output, written asynchronously. */
export const logDestination = () => pino.destination({ dest: 1, sync: false });
