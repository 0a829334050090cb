import { describe, expect, test } from 'vitest';
import { expectConsoleError } from '../helpers/console-errors';

describe('console.error in a test', () => {
  test('is fine when the test declares it', () => {
    expectConsoleError(/the widget broke on purpose/);
    console.error('the widget broke on purpose');
    expect(true).toBe(true);
  });

  test.fails('fails the test when the test did not expect it', () => {
    console.error('an error nobody expected');
  });
});
