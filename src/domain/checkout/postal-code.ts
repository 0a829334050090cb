import { US_ZIP } from '../../shared/delivery-constants';

export function isUsZip(value: string): boolean {
  return US_ZIP.test(value.trim());
}
