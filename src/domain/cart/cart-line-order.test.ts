import { describe, expect, test } from 'vitest';
import { groupUnderParents } from './cart-line-order';

const line = (id: string, parentLineId: string | null = null, protectionPlan = false) => ({
  id,
  parentLineId,
  protectionPlan,
});

describe('decision 0014: the page item comes first with its accessories and plan under it', () => {
  test('an accessory or plan added before its page item is listed under it', () => {
    const lines = [line('plan', 'tablet', true), line('case', 'tablet'), line('tablet'), line('paper')];
    expect(groupUnderParents(lines).map((l) => l.id)).toEqual(['tablet', 'case', 'plan', 'paper']);
  });

  test('a line whose page item is gone stands on its own', () => {
    const lines = [line('speaker'), line('stand', 'gone'), line('plug', 'speaker')];
    expect(groupUnderParents(lines).map((l) => l.id)).toEqual(['speaker', 'plug', 'stand']);
  });
});
