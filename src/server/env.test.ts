import { describe, expect, test } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  test('defaults serve the store on 127.0.0.1:3000 with the SQLite file', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      DATABASE_URL: 'sqlite:./data/store.sqlite',
      NODE_ENV: 'development',
    });
  });

  test('a bad environment fails once, naming every bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with sqlite: or postgres:\/\/[\s\S]*LOG_LEVEL/,
    );
  });

  test('production refuses the development secret', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: must be set in production/);
    expect(readEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).NODE_ENV).toBe('production');
  });
});
