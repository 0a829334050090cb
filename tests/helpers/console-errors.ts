import { format } from 'node:util';

// A console.error in a test is a bug the test did not notice, unless the test says it expects it
// (tests/setup/fail-on-console-error.ts fails the test at its end).
const expected: RegExp[] = [];
const logged: string[] = [];

/** Declares that this test logs an error matching `pattern` on purpose. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

/** Called by the setup file: records one console.error call. */
export function recordConsoleError(args: unknown[]): void {
  logged.push(format(...args));
}

/** Called by the setup file at the end of each test: the errors nobody expected, and a fresh start. */
export function takeUnexpectedConsoleErrors(): string[] {
  const unexpected = logged.filter((message) => !expected.some((pattern) => pattern.test(message)));
  expected.length = 0;
  logged.length = 0;
  return unexpected;
}
