// The nginx of chaos/proxy.mjs: deploy/nginx.conf itself, with loopback ports, a self-signed certificate
// and a log of which instance answered each request. Every edit must match, so a change to the deploy
// config that the proof no longer covers stops it instead of going unnoticed.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../bench/lib.mjs';

function replaceOnce(text, from, to) {
  if (text.split(from).length !== 2) throw new Error(`deploy/nginx.conf: expected "${from}" once`);
  return text.replace(from, to);
}

/** Writes the proof's nginx.conf (and its certificate) into `dir`; returns the config's path. */
export function nginxConfig({ dir, ports, accessLog }) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  let site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  for (const [from, to] of [
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${ports.a} `],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.b} `],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['/etc/letsencrypt/live/loja.example.com.br/fullchain.pem', path.join(dir, 'cert.pem')],
    ['/etc/letsencrypt/live/loja.example.com.br/privkey.pem', path.join(dir, 'key.pem')],
    // The journeys pose as buyers at many addresses (their own X-Forwarded-For): nginx appends the one it
    // saw instead of replacing it, and the instances trust two hops.
    ['X-Forwarded-For $remote_addr', 'X-Forwarded-For $proxy_add_x_forwarded_for'],
  ])
    site = replaceOnce(site, from, to);
  writeFileSync(path.join(dir, 'site.conf'), site);
  // Workers may run as another user: the buffers' directory must be theirs to write.
  const temp = path.join(dir, 'temp');
  mkdirSync(temp);
  chmodSync(temp, 0o777);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
    log_format proof '$upstream_addr $status "$request" "$http_x_proof"';
    access_log ${accessLog} proof;
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${dir}/site.conf;
}
`,
  );
  return conf;
}
