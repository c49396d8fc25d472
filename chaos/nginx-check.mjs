// `npm run check:nginx` (in .ci/run): deploy/nginx.conf, as chaos/proxy.mjs runs it, and the bootstrap
// config that serves certbot's challenge before any certificate exists (deploy/nginx-bootstrap.conf) pass
// `nginx -t` on Debian's nginx. It once did not (`http2 on;` needs nginx 1.25.1; Debian 12 has 1.22).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../bench/lib.mjs';
import { nginxConfig } from './proxy-nginx.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'impulso-nginx-'));
try {
  const ports = { http: 3240, https: 3241, a: 3242, b: 3243 };
  const conf = nginxConfig({ dir, ports, accessLog: path.join(dir, 'access.log') });
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  console.log('deploy/nginx.conf: nginx -t OK');
  checkBootstrap(path.join(dir, 'bootstrap'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The bootstrap site as Debian's nginx.conf includes it: as written, on a loopback port. */
function checkBootstrap(at) {
  mkdirSync(path.join(at, 'temp'), { recursive: true });
  const site = readFileSync(path.join(root, 'deploy/nginx-bootstrap.conf'), 'utf8')
    .replace('listen 80;', 'listen 127.0.0.1:3244;')
    .replace('listen [::]:80;', '');
  if (site.includes('ssl_certificate'))
    throw new Error('deploy/nginx-bootstrap.conf must not need a certificate');
  writeFileSync(path.join(at, 'site.conf'), site);
  const conf = path.join(at, 'nginx.conf');
  writeFileSync(
    conf,
    `pid ${at}/nginx.pid;
error_log ${at}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${at}/temp;
  proxy_temp_path ${at}/temp;
  fastcgi_temp_path ${at}/temp;
  uwsgi_temp_path ${at}/temp;
  scgi_temp_path ${at}/temp;
  include ${at}/site.conf;
}
`,
  );
  execFileSync('nginx', ['-t', '-q', '-p', at, '-c', conf], { stdio: 'inherit' });
  console.log('deploy/nginx-bootstrap.conf: nginx -t OK');
}
