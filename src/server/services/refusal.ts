/**
 * Why a service refused a request, in the shop's words: the code the error answer carries (the spec's
 * codes are a contract), a message for the caller and, when one field is at fault, its name. Services
 * never choose an HTTP status; `routes/refusal-status.ts` answers each code with its one status.
 */
export type Refusal<Code extends string = string> = { code: Code; message: string; field?: string };
