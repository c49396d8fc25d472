// A provider's own status words live in its adapter only (ADR 025): everything else reads the shop's words
// (src/shared/payment-states.ts). `npm run lint` fails on an Asaas status word, quoted, anywhere else in src/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const adapter = path.join(root, 'src/server/payments/asaas');
// Asaas's invoice statuses are the NFS-e states themselves (ADR 033); its PENDING there is an invoice's.
const invoiceStates = path.join(root, 'src/shared/invoice-states.ts');
const words = [
  'PENDING',
  'RECEIVED',
  'CONFIRMED',
  'OVERDUE',
  'REFUNDED',
  'RECEIVED_IN_CASH',
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
  'DUNNING_REQUESTED',
  'DUNNING_RECEIVED',
  'AWAITING_RISK_ANALYSIS',
  'REPROVED_BY_RISK_ANALYSIS',
  'DELETED',
];
const quoted = new RegExp(`['"\`](${words.join('|')})['"\`]`);

const found = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (file === adapter || file === invoiceStates) continue;
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.tsx?$/.test(file))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (quoted.test(line)) found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
  }
}
walk(path.join(root, 'src'));

if (found.length > 0) {
  console.error(
    `A provider's status word outside its adapter (use src/shared/payment-states.ts):\n${found.join('\n')}`,
  );
  process.exit(1);
}
