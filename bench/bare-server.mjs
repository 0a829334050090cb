// The baseline: a bare Fastify route answering a small JSON object, measured in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ type: 'bare/v1', entity: { ok: true } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3202) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
