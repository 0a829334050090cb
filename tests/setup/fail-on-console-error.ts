import { afterEach, beforeEach, vi } from 'vitest';
import { recordConsoleError, takeUnexpectedConsoleErrors } from '../helpers/console-errors';

// Every test: console.error is recorded (and still printed); an error the test did not declare with
// expectConsoleError() fails it.
const original = console.error;

beforeEach(() => {
  takeUnexpectedConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    recordConsoleError(args);
    original(...args);
  });
});

afterEach(() => {
  const unexpected = takeUnexpectedConsoleErrors();
  if (unexpected.length) {
    throw new Error(
      `console.error was called ${unexpected.length} time(s) and the test did not expect it ` +
        `(declare it with expectConsoleError(/pattern/)):\n${unexpected.join('\n---\n')}`,
    );
  }
});
