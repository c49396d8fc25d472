// `npm run check:nginx` (in .ci/run): deploy/nginx.conf, as chaos/proxy.mjs runs it, passes `nginx -t` on
// Debian's nginx. It once did not (`http2 on;` needs nginx 1.25.1; Debian 12 has 1.22).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxConfig } from './proxy-nginx.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'impulso-nginx-'));
try {
  const ports = { http: 3240, https: 3241, a: 3242, b: 3243 };
  const conf = nginxConfig({ dir, ports, accessLog: path.join(dir, 'access.log') });
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  console.log('deploy/nginx.conf: nginx -t OK');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
