import { describe, expect, test } from 'vitest';
import {
  matchesPostalPattern,
  postalCodeAccepted,
  postalCodePattern,
  postalPrefixes,
  shortenPostalCode,
} from './postal-code';

describe('postal codes of add-on offers', () => {
  test('VAS-026 a code that does not match the page pattern is refused; a matching one passes', () => {
    const us = postalCodePattern('us');
    expect(matchesPostalPattern('98109', us)).toBe(true);
    expect(matchesPostalPattern(' 98109-1234 ', us)).toBe(true);
    for (const bad of ['9810', '981090', 'ABCDE', '', '98109-12'])
      expect(matchesPostalPattern(bad, us)).toBe(false);
    expect(matchesPostalPattern('SW1A 1AA', postalCodePattern('gb'))).toBe(true);
    expect(matchesPostalPattern('K1A 0B1', postalCodePattern('ca'))).toBe(true);
    expect(matchesPostalPattern('98109', '(')).toBe(false);
  });

  test('VAS-028 gb keeps the outward code and ca the first three characters', () => {
    expect(shortenPostalCode('SW1A 1AA', 'gb')).toBe('SW1A');
    expect(shortenPostalCode('sw1a1aa', 'gb')).toBe('SW1A');
    expect(shortenPostalCode('M1 1AE', 'gb')).toBe('M1');
    expect(shortenPostalCode('K1A 0B1', 'ca')).toBe('K1A');
    expect(shortenPostalCode('k1a0b1', 'ca')).toBe('K1A');
    expect(shortenPostalCode('98109-1234', 'us')).toBe('98109');
    expect(shortenPostalCode('10115', 'de')).toBe('10115');
  });

  test('VAS-026 VAS-028 the server takes a code of the country, full or shortened as the page sends it', () => {
    for (const good of ['98109', '98109-1234']) expect(postalCodeAccepted(good, 'us')).toBe(true);
    for (const bad of ['ZZZZZ', '9810', 'SW1A']) expect(postalCodeAccepted(bad, 'us')).toBe(false);
    for (const good of ['SW1A 1AA', 'SW1A', 'M1']) expect(postalCodeAccepted(good, 'gb')).toBe(true);
    expect(postalCodeAccepted('98109', 'gb')).toBe(false);
    for (const good of ['K1A 0B1', 'K1A']) expect(postalCodeAccepted(good, 'ca')).toBe(true);
    expect(postalCodeAccepted('K1', 'ca')).toBe(false);
    expect(postalCodeAccepted('10115', 'de')).toBe(true);
    expect(postalCodeAccepted('1011', 'de')).toBe(false);
  });

  test('every prefix of a code, the empty one (everywhere) first', () => {
    expect(postalPrefixes('981')).toEqual(['', '9', '98', '981']);
    expect(postalPrefixes('')).toEqual(['']);
    expect(postalPrefixes('SW1A')).toEqual(['', 'S', 'SW', 'SW1', 'SW1A']);
  });
});
