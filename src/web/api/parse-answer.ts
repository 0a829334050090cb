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

/**
 * Loads the contracts at the shopper's first interaction, so an answer to a press does not wait for
 * them; a visitor who only reads the page never downloads them.
 */
export function warmUpAnswerContracts(): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const load = () => {
    for (const event of events) window.removeEventListener(event, load, true);
    void loadAnswerContracts().catch(() => (contracts = null));
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
}
