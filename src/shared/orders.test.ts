import { expect, it } from 'vitest';
import { formatPurchaseCode, newPurchaseCode, purchaseCodeAlphabet } from './orders';

it('makes 8-character purchase codes from the unambiguous alphabet, different each time', () => {
  const codes = Array.from({ length: 500 }, newPurchaseCode);
  for (const code of codes) expect(code).toMatch(new RegExp(`^[${purchaseCodeAlphabet}]{8}$`));
  expect(new Set(codes).size).toBe(codes.length);
  expect(formatPurchaseCode('ABCD2345')).toBe('ABCD-2345');
});
