import { describe, expect, test } from 'vitest';
import {
  byPriority,
  creationProblem,
  giftListName,
  isOwnPath,
  isRealCalendarDate,
  mayAddLine,
  mayCreateList,
  priceChangeSinceAdded,
  raisedQuantity,
  showsChildAge,
} from './lists';

describe('list rules', () => {
  test('LIST-017 a wish list needs a name', () => {
    expect(creationProblem({ listType: 'wishlist', listName: ' ' })?.field).toBe('listName');
    expect(creationProblem({ listType: 'wishlist', listName: 'Home' })).toBeNull();
  });

  test('LIST-018 a gift list needs the recipient first or last name', () => {
    expect(creationProblem({ listType: 'giftlist', listName: '' })?.field).toBe('recipientFirstName');
    expect(creationProblem({ listType: 'giftlist', listName: '', recipientLastName: 'Doe' })).toBeNull();
    expect(
      giftListName({ listType: 'giftlist', listName: '', recipientFirstName: 'Ada', recipientLastName: 'L' }),
    ).toBe('Gifts for Ada L');
  });

  test('LIST-019 an idea list needs a name', () => {
    expect(creationProblem({ listType: 'idealist', listName: '' })).toEqual({
      field: 'listName',
      message: 'Enter an idea list name.',
    });
  });

  test('LIST-020 an occasion date must be a real calendar date', () => {
    expect(isRealCalendarDate(29, 2, 2028)).toBe(true);
    expect(isRealCalendarDate(29, 2, 2027)).toBe(false);
    expect(isRealCalendarDate(31, 4, 2027)).toBe(false);
    expect(isRealCalendarDate(0, 1, 2027)).toBe(false);
    const base = { listType: 'giftlist' as const, listName: '', recipientFirstName: 'A' };
    expect(creationProblem({ ...base, occasionDay: 31, occasionMonth: 2, occasionYear: 2027 })?.field).toBe(
      'occasionDate',
    );
    expect(creationProblem({ ...base, occasionDay: 1, occasionMonth: 2 })?.field).toBe('occasionDate');
    expect(creationProblem({ ...base, occasionDay: 1, occasionMonth: 2, occasionYear: 2027 })).toBeNull();
  });

  test('LIST-021 the child age shows only once month and day are chosen', () => {
    expect(showsChildAge(undefined, undefined)).toBe(false);
    expect(showsChildAge(3, undefined)).toBe(false);
    expect(showsChildAge(undefined, 3)).toBe(false);
    expect(showsChildAge(3, 14)).toBe(true);
  });

  test('limits: name length, lists per customer, lines per list, quantity', () => {
    expect(creationProblem({ listType: 'wishlist', listName: 'x'.repeat(51) })?.field).toBe('listName');
    expect(mayCreateList(19)).toBe(true);
    expect(mayCreateList(20)).toBe(false);
    expect(mayAddLine(99)).toBe(true);
    expect(mayAddLine(100)).toBe(false);
    expect(raisedQuantity(98, 5)).toBe(99);
  });

  test('the price change since added is whole percent, rounded down', () => {
    expect(priceChangeSinceAdded(5000, 4400)).toEqual({
      direction: 'dropped',
      percent: 12,
      text: 'Price dropped 12% since added',
    });
    expect(priceChangeSinceAdded(5000, 5099)).toEqual({
      direction: 'rose',
      percent: 1,
      text: 'Price up 1% since added',
    });
    expect(priceChangeSinceAdded(5000, 4990).text).toBeNull();
    expect(priceChangeSinceAdded(5000, 5000).direction).toBe('same');
  });

  test('items order by priority, then the newest', () => {
    const items = [
      { asin: 'a', priority: 'low' as const, addedAt: 3 },
      { asin: 'b', priority: 'highest' as const, addedAt: 1 },
      { asin: 'c', priority: 'low' as const, addedAt: 5 },
    ];
    expect(byPriority(items).map((i) => i.asin)).toEqual(['b', 'c', 'a']);
  });

  test('a return path must be one of ours', () => {
    expect(isOwnPath('/dp/B0PDPSPK01')).toBe(true);
    expect(isOwnPath('//evil.example')).toBe(false);
    expect(isOwnPath('/\\evil.example')).toBe(false);
    expect(isOwnPath('https://evil.example')).toBe(false);
  });
});
