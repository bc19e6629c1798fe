/**
 * A remote's kept releases (tooling/releases.cjs): /releases/<version>/<file> from
 * releases/<app dir>/<version>/<file>, with the same caching rules as the build's own files
 * (hashed files a year, mf-manifest.json and remoteEntry.js revalidated). A release folder never
 * changes once written, so each is indexed once, on its first request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { RELEASE_VERSION, releasesDir } from '../../tooling/releases.cjs';

/**
 * The handler of /releases/ (on every app's server: a remote's first release may come after its
 * server started; an app never released answers 404 there).
 * @param {string} root the dist folder being served (its parent folder names the app)
 * @param {NodeJS.ProcessEnv} env
 * @param {(res: import('node:http').ServerResponse, pathname: string) => void} setHeaders
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, rest: string) => void}
 */
export function releaseFiles(root, env, setHeaders) {
  const appReleases = path.join(releasesDir(env), path.basename(path.dirname(root)));
  /** @type {Map<string, ReturnType<typeof sirv>>} */
  const byVersion = new Map();
  /** @param {import('node:http').ServerResponse} res */
  const notFound = (res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
  };
  return (req, res, rest) => {
    // rest: "/<version>/<file>"
    const [, version = '', ...file] = rest.split('/');
    const folder = path.join(appReleases, version);
    if (!RELEASE_VERSION.test(version) || file.length === 0 || !existsSync(folder)) {
      notFound(res);
      return;
    }
    let files = byVersion.get(version);
    if (!files) {
      files = sirv(folder, { dev: false, etag: true, gzip: true, brotli: true, single: false, setHeaders });
      byVersion.set(version, files);
    }
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    req.url = `/${file.join('/')}${query}`;
    files(req, res, () => notFound(res));
  };
}
