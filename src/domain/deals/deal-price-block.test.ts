import { describe, expect, test } from 'vitest';
import type { DealDetails } from '../../shared/contracts/deals';
import { priceBlockFor } from './deal-price-block';

const usd = (amount: number) => ({ amount, currencyCode: 'USD', displayString: `$${amount.toFixed(2)}` });
const offer = { price: usd(109.99), listPrice: usd(139.99), savingsPercent: 21 };
const deal = (state: DealDetails['state']): DealDetails => ({
  dealId: 'LD-1',
  type: 'LIGHTNING_DEAL',
  state,
  startTime: 0,
  endTime: 1,
  earlyAccessDurationInMilliseconds: 0,
  percentClaimed: 30,
  percentClaimedMessage: '30% claimed',
  dealPrice: usd(97.99),
  basisPrice: usd(109.99),
  savings: { percentage: 11, money: usd(12) },
  maxPerCustomer: 2,
  accessible: true,
});

describe('the price block beside a deal', () => {
  test('decision 0016: a live deal shows the deal price and the deal box saving against the same basis', () => {
    for (const state of ['AVAILABLE', 'WAITLISTFULL'] as const) {
      expect(priceBlockFor(offer, deal(state))).toEqual({
        price: usd(97.99),
        savingsPercent: 11,
        basis: { label: 'Typical price:', price: usd(109.99) },
        deal: true,
        primePrice: null,
      });
    }
  });

  test('decision 0016: before a deal starts, or without one, the regular offer shows against its list price', () => {
    const regular = {
      price: usd(109.99),
      savingsPercent: 21,
      basis: { label: 'List Price:', price: usd(139.99) },
      deal: false,
      primePrice: null,
    };
    expect(priceBlockFor(offer, deal('UPCOMING'))).toEqual(regular);
    expect(priceBlockFor(offer, deal('UNKNOWN'))).toEqual(regular);
    expect(priceBlockFor(offer, null)).toEqual(regular);
    expect(priceBlockFor(null, null)).toBeNull();
  });

  test('decision 0045: a Prime-only deal without Prime heads with the regular price and names the Prime price', () => {
    const primeOnly = { ...deal('AVAILABLE'), accessBehavior: 'PRIME_ONLY' as const };
    expect(priceBlockFor(offer, primeOnly, { hasPrimeSavingsBenefit: false })).toEqual({
      price: usd(109.99),
      savingsPercent: 21,
      basis: { label: 'List Price:', price: usd(139.99) },
      deal: false,
      primePrice: usd(97.99),
    });
    expect(priceBlockFor(offer, primeOnly, { hasPrimeSavingsBenefit: true })).toMatchObject({
      price: usd(97.99),
      deal: true,
      primePrice: null,
    });
  });
});
