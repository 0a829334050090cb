import type { LineProblem } from '../../../domain/cart/cart-line-rules';

/** Thrown inside a cart or order transaction to roll it back and answer the refused line's problem. */
export class LineRefused extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    readonly problem: LineProblem,
  ) {
    super(problem.message);
  }
}
