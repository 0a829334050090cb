import type { z } from 'zod';

type AnswerContracts = typeof import('./answer-contracts');

let contracts: Promise<AnswerContracts> | null = null;

/** Loads the answer contracts (their own chunk) once; later calls share the first load. */
export function loadAnswerContracts(): Promise<AnswerContracts> {
  contracts ??= import('./answer-contracts');
  return contracts;
}

/**
 * Checks a server answer against its contract: the parsed answer, or null when it does not match
 * (or the contracts could not be loaded). The only way an answer's body gets a type in the page.
 */
export async function parseAnswer<S extends z.ZodType>(
  contract: (all: AnswerContracts) => S,
  body: unknown,
): Promise<z.output<S> | null> {
  try {
    const result = contract(await loadAnswerContracts()).safeParse(body);
    return result.success ? result.data : null;
  } catch {
    contracts = null;
    return null;
  }
}

/** The message of a house error body (`{ error: { message } }`), if the body is one. */
export async function errorMessage(body: unknown): Promise<string | null> {
  return (await parseAnswer((all) => all.errorResponse, body))?.error.message ?? null;
}

/** Loads the contracts while the page is idle, so the first answer does not wait for them. */
export function warmUpAnswerContracts(): void {
  const load = () => void loadAnswerContracts().catch(() => (contracts = null));
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}
