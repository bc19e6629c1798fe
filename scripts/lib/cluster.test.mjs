import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterPorts, nginxConfig, publicPortEnv } from './cluster.mjs';

const nginxInstalled = !spawnSync('nginx', ['-v']).error;

describe("the cluster's ports", () => {
  test('every part has its own port, all within a hundred of the base', () => {
    const ports = clusterPorts(8000, 3);
    const all = [
      ...Object.values(ports.apps).flatMap((a) => [a.public, a.internal]),
      ports.api,
      ports.paystackSandbox,
      ...ports.apiInstances,
      ports.postgres,
      ports.redis,
      ports.s3,
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(Math.min(...all)).toBe(8000);
    expect(Math.max(...all)).toBeLessThan(8100);
    expect(publicPortEnv(ports)).toMatchObject({ SHELL_PORT: '8000', CART_PORT: '8003', API_PORT: '8010' });
  });

  test('refuses no instances, too many, or a base without room', () => {
    expect(() => clusterPorts(8000, 0)).toThrow('API_INSTANCES');
    expect(() => clusterPorts(8000, 31)).toThrow('API_INSTANCES');
    expect(() => clusterPorts(65500, 2)).toThrow('CLUSTER_PORT_BASE');
  });
});

describe("nginx's configuration", () => {
  const ports = clusterPorts(8000, 2);
  const config = nginxConfig({ ports, workDir: '/tmp/cluster' });

  test('balances the API instances with passive health checks, and never resends a POST an instance has received', () => {
    expect(config).toContain('server 127.0.0.1:8030 max_fails=1 fail_timeout=10s;');
    expect(config).toContain('server 127.0.0.1:8031 max_fails=1 fail_timeout=10s;');
    expect(config).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    // `non_idempotent` would let nginx send a payment's POST to a second instance after the first received it.
    expect(config).not.toContain('non_idempotent');
  });

  test('hashed files are immutable, straight from dist; everything else comes from the static server (no-cache there)', () => {
    expect(config).toContain('location ~ "\\.[0-9a-f]{10}\\.[a-z0-9]+$"');
    expect(config).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    expect(config).toMatch(/root .*remote-cart\/dist;/);
    expect(config).toContain('gzip on;');
    expect(config).toContain('gzip_static on;');
    expect(config).toMatch(/location \/api\/v1\/events\/stream \{[^}]*proxy_buffering off;/);
    expect(config).not.toContain('X-Upstream');
    expect(nginxConfig({ ports, workDir: '/tmp/cluster', nameUpstream: true })).toContain('add_header X-Upstream $upstream_addr always;');
  });

  (nginxInstalled ? test : test.skip)('is accepted by nginx -t', () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'campus-nginx-test-'));
    try {
      for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
        mkdirSync(path.join(workDir, 'nginx-temp', dir), { recursive: true });
      const file = path.join(workDir, 'nginx.conf');
      const user = process.getuid?.() === 0 ? 'root' : undefined;
      writeFileSync(file, nginxConfig({ ports, workDir, user, nameUpstream: true }));
      const result = spawnSync('nginx', ['-t', '-c', file, '-p', workDir, '-e', path.join(workDir, 'error.log')], { encoding: 'utf8' });
      expect(result.stderr).toContain('test is successful');
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
