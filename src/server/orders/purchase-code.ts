import { randomInt } from 'node:crypto';
import { purchaseCodeAlphabet } from '../../shared/orders';

/** 8 characters from an unambiguous alphabet: 32^8 ≈ 10^12 codes (DECISIONS 7). */
export function newPurchaseCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += purchaseCodeAlphabet[randomInt(purchaseCodeAlphabet.length)];
  return code;
}
