import { z } from 'zod';

// Read once at start-up; everything else receives the parsed value. DEV_SECRET keeps `npm start`
// working out of the box; production refuses to start without a real secret.
const DEV_SECRET = 'dev-only-secret-change-me-dev-only-secret';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
      .default('sqlite:./data/store.sqlite'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CATALOG_FILE: z.string().default('catalog/demo/catalog.json'),
    ACCOUNTS_FILE: z.string().default('catalog/demo/accounts.json'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** How long a product answer may be served from memory (0 turns the cache off). */
    PRODUCT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Rate limits are counted in this Redis when set, else in the database (plugins/rate-limits.ts). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the process environment, or throws one error listing every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}
