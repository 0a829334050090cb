import { z } from 'zod';

// Value shapes every area's catalog schema uses.

export const money = z.number().finite().nonnegative().meta({ description: 'decimal amount, e.g. 49.99' });

export const asin = z.string().regex(/^[A-Z0-9]{10}$/, 'must be 10 characters A-Z or 0-9');
