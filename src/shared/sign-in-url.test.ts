import { describe, expect, test } from 'vitest';
import { SIGN_IN_PATH, signInUrl } from './sign-in-url';

describe('signInUrl', () => {
  test('carries the return path, encoded, as path=', () => {
    expect(signInUrl('/dp/B0TEST0001?psc=1&x=a b')).toBe(
      `${SIGN_IN_PATH}?path=%2Fdp%2FB0TEST0001%3Fpsc%3D1%26x%3Da%20b`,
    );
  });

  test('opens the new-account form when asked', () => {
    expect(signInUrl('/', { createAccount: true })).toBe('/gp/sign-in.html?path=%2F&mode=create-account');
  });
});
