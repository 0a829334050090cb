import { z } from 'zod';

/** A return-to path on this site only: starts with one slash, so never another origin. */
export const returnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site')
  .catch('/');

export const signInQuery = z.object({
  path: returnPath.optional(),
  mode: z.enum(['sign-in', 'create-account']).catch('sign-in').optional(),
});

export const signInForm = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('sign-in'),
    csrfToken: z.string().optional(),
    path: returnPath.default('/'),
    email: z.string().trim().max(254).email('enter a valid email address'),
    password: z.string().min(1, 'enter your password').max(200),
  }),
  z.object({
    action: z.literal('create-account'),
    csrfToken: z.string().optional(),
    path: returnPath.default('/'),
    name: z.string().trim().min(1, 'enter your name').max(80),
    email: z.string().trim().max(254).email('enter a valid email address'),
    password: z.string().min(8, 'passwords must be at least 8 characters').max(200),
  }),
  z.object({
    action: z.literal('sign-out'),
    csrfToken: z.string().optional(),
    path: returnPath.default('/'),
  }),
]);
export type SignInForm = z.infer<typeof signInForm>;
