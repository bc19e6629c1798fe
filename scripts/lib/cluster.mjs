/**
 * The production shape on one machine (scripts/start-cluster.mjs): where each part listens, and
 * the nginx configuration in front of the API instances and the apps' static servers. Pure
 * functions, so the configuration is tested without starting anything (cluster.test.mjs).
 */
import path from 'node:path';
import { APPS, ROOT } from '../../tooling/product.cjs';

/** The most API instances a layout has room for. */
export const MAX_API_INSTANCES = 30;

/** The bucket the photos go to on the S3-compatible store. */
export const PHOTO_BUCKET = 'campus-photos';

/** Where nginx serves the photo bucket, on the API's public address (S3_PUBLIC_URL). */
export const PHOTOS_PATH = '/photos/';

/**
 * Every port of a cluster from its base: what browsers reach (through nginx: the apps at
 * base..base+5, the API at base+10; the Paystack sandbox at base+11, standing in for Paystack),
 * and what only nginx and the instances reach (the apps' static servers base+20.., the API
 * instances base+30.., PostgreSQL, Redis and the S3 store base+60..62). A hundred ports in all.
 * @param {number} base
 * @param {number} instances
 */
export function clusterPorts(base, instances) {
  if (!Number.isInteger(base) || base <= 0 || base + 99 > 65535) throw new Error(`CLUSTER_PORT_BASE=${base} is not a port base`);
  if (!Number.isInteger(instances) || instances < 1 || instances > MAX_API_INSTANCES) {
    throw new Error(`API_INSTANCES=${instances}: a whole number from 1 to ${MAX_API_INSTANCES}`);
  }
  /** @type {Record<string, { public: number, internal: number }>} */
  const apps = {};
  APPS.forEach((app, i) => (apps[app.name] = { public: base + i, internal: base + 20 + i }));
  return {
    apps,
    api: base + 10,
    paystackSandbox: base + 11,
    apiInstances: Array.from({ length: instances }, (_, i) => base + 30 + i),
    postgres: base + 60,
    redis: base + 61,
    s3: base + 62,
  };
}

/** @typedef {ReturnType<typeof clusterPorts>} ClusterPorts */

/**
 * The variables the apps' static servers and the runtime configuration read for the browser-facing
 * addresses (tooling/product.cjs): each app's *_PORT and API_PORT set to its public port on nginx.
 * @param {ClusterPorts} ports
 * @returns {Record<string, string>}
 */
export function publicPortEnv(ports) {
  /** @type {Record<string, string>} */
  const env = { API_PORT: String(ports.api) };
  for (const app of APPS) env[app.portEnv] = String(ports.apps[app.name].public);
  return env;
}

/** [name].[10 hex].ext: the build's hashed files (page-server/src/caching.mjs HASHED), cached for a year. */
const HASHED_LOCATION = '"\\.[0-9a-f]{10}\\.[a-z0-9]+$"';

/**
 * The nginx configuration (nginx runs as the current user, in the foreground, everything it
 * writes under `workDir`).
 * - gzip for what the servers answer uncompressed; the builds' own .gz files served as they are.
 * - Hashed files straight from each app's dist, `immutable` for a year; pages, manifests,
 *   remoteEntry.js and runtime-config.json from the app's static server, which answers them
 *   `no-cache` (and builds the pages with their security headers).
 * - The API instances as one upstream. Passive health checks: an instance that refuses or drops a
 *   connection, or times out, is left out for `failTimeout` seconds. A request is passed to the next
 *   instance on a refused connection or a timeout; a GET, HEAD, PUT or DELETE also on 502-504. nginx
 *   never resends a POST or PATCH once an instance has received it (no `non_idempotent`): a payment
 *   that may have started is not started twice; the student's retry meets the API's own idempotency.
 * - The photo bucket on the API's address under /photos/ (S3_PUBLIC_URL), like a CDN in front of S3.
 * @param {{ ports: ClusterPorts, workDir: string, host?: string, failTimeout?: number, user?: string, nameUpstream?: boolean }} options
 *   `user`: the workers' user when nginx starts as root (else they would be `nobody`); `nameUpstream`:
 *   each API answer says which instance gave it (X-Upstream; not in production: it names internal addresses)
 */
export function nginxConfig({ ports, workDir, host = '127.0.0.1', failTimeout = 10, user, nameUpstream = false }) {
  const temp = (name) => path.join(workDir, 'nginx-temp', name);
  const instances = ports.apiInstances.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${failTimeout}s;`).join('\n');
  const proxied = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  const appServers = APPS.map((app) => {
    const { public: publicPort, internal } = ports.apps[app.name];
    const dist = path.join(ROOT, app.dir, 'dist');
    return `
  upstream app_${app.name} {
    server 127.0.0.1:${internal} max_fails=1 fail_timeout=${failTimeout}s;
    keepalive 8;
  }
  server {
    listen ${host}:${publicPort};
    # The server's own code (screens rendered per request) is never a file: its static server says 404.
    location ^~ /server/ {
      proxy_pass http://app_${app.name};${proxied}
    }
    location ~ ${HASHED_LOCATION} {
      root ${dist};
      gzip_static on;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      # Module Federation loads a remote's files from the shell's origin.
      add_header Access-Control-Allow-Origin "*" always;
      add_header X-Content-Type-Options nosniff always;
      try_files $uri @app_${app.name};
    }
    location @app_${app.name} {
      proxy_pass http://app_${app.name};${proxied}
    }
    location / {
      proxy_pass http://app_${app.name};${proxied}
      proxy_next_upstream error timeout;
    }
  }`;
  }).join('\n');

  return `# Generated by scripts/start-cluster.mjs: do not edit (it is written again at each start).
${user ? `user ${user};\n` : ''}worker_processes 2;
daemon off;
pid ${path.join(workDir, 'nginx.pid')};
error_log ${path.join(workDir, 'nginx-error.log')} warn;

events {
  # A campus's worth of students at once (each proxied request holds two connections; a browser keeps several).
  worker_connections 8192;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${path.join(workDir, 'nginx-access.log')};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65s;
  server_tokens off;

  gzip on;
  gzip_vary on;
  gzip_proxied any;
  gzip_comp_level 5;
  gzip_min_length 512;
  gzip_types text/plain text/css application/javascript text/javascript application/json application/manifest+json image/svg+xml;

  upstream campus_api {
${instances}
    keepalive 32;
  }

  server {
    listen ${host}:${ports.api};
    # Photo uploads: up to 12 photos of 5 MB in one form (api/src/http/multipart.ts).
    client_max_body_size 64m;

    location / {
      proxy_pass http://campus_api;${proxied}
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries ${Math.max(2, ports.apiInstances.length)};
      proxy_next_upstream_timeout 15s;${nameUpstream ? '\n      add_header X-Upstream $upstream_addr always;' : ''}
    }

    # Server-sent events: never buffered, open for as long as the student stays.
    location /api/v1/events/stream {
      proxy_pass http://campus_api;${proxied}
      proxy_connect_timeout 2s;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }

    location ${PHOTOS_PATH} {
      proxy_pass http://127.0.0.1:${ports.s3}/${PHOTO_BUCKET}/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_hide_header Cache-Control;
      # A photo's key names one upload: it never changes.
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      add_header X-Content-Type-Options nosniff always;
      limit_except GET HEAD { deny all; }
    }
  }
${appServers}
}
`;
}
