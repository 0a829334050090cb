// The shipping address a checkout needs; the same rules for the plain form and the page.
import { US_ZIP } from '../../shared/delivery-constants';

export type ShippingAddress = {
  fullName: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
};

export type AddressProblem = { field: keyof ShippingAddress; message: string };

/** Trims every field and reports each missing or malformed one (US addresses: 5-digit ZIP). */
export function checkShippingAddress(input: Partial<Record<keyof ShippingAddress, unknown>>): {
  address: ShippingAddress;
  problems: AddressProblem[];
} {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 120) : '');
  const address: ShippingAddress = {
    fullName: text(input.fullName),
    line1: text(input.line1),
    city: text(input.city),
    state: text(input.state).toUpperCase(),
    postalCode: text(input.postalCode),
  };
  const problems: AddressProblem[] = [];
  if (!address.fullName) problems.push({ field: 'fullName', message: 'Enter the recipient’s full name.' });
  if (!address.line1) problems.push({ field: 'line1', message: 'Enter a street address.' });
  if (!address.city) problems.push({ field: 'city', message: 'Enter a city.' });
  if (!/^[A-Z]{2}$/.test(address.state))
    problems.push({ field: 'state', message: 'Enter a 2-letter state code.' });
  if (!US_ZIP.test(address.postalCode))
    problems.push({ field: 'postalCode', message: 'Enter a 5-digit ZIP code.' });
  return { address, problems };
}
