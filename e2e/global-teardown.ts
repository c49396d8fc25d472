import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// docs/product.md#cards-and-instalments: after the whole e2e run (which pays with the sandbox test cards), no
// card number, CVV or expiry may appear in the server's log or anywhere in its database files.
const cardNumbers = ['4444444444444444', '4444 4444 4444 4444', '5184019740373151', '5184 0197 4037 3151'];
const logOnly = [/cvv"?\s*[:=]\s*"?\d{3,4}/i, /"expiry"\s*:\s*"\d/i, /12\/30/];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

export default function globalTeardown() {
  const logFile = process.env.E2E_SERVER_LOG!;
  const dataDir = process.env.E2E_DATA_DIR!;
  const problems: string[] = [];
  if (!existsSync(logFile)) problems.push(`server log ${logFile} is missing`);
  else {
    const log = readFileSync(logFile, 'latin1');
    if (!log.includes('"msg"')) problems.push('server log has no log lines: the check would prove nothing');
    for (const needle of cardNumbers) if (log.includes(needle)) problems.push(`log contains ${needle}`);
    for (const pattern of logOnly) if (pattern.test(log)) problems.push(`log matches ${pattern}`);
  }
  for (const file of files(dataDir)) {
    const content = readFileSync(file, 'latin1');
    for (const needle of cardNumbers)
      if (content.includes(needle)) problems.push(`${file} contains ${needle}`);
  }
  if (problems.length) throw new Error(`Card data leaked:\n${problems.join('\n')}`);
  console.log(`Card-data check: ${files(dataDir).length} database files and the server log are clean.`);
}
