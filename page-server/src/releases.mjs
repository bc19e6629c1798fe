/**
 * A remote's kept releases (tooling/releases.cjs): /releases/<version>/<file> from
 * releases/<app dir>/<version>/<file>, with the same caching rules as the build's own files
 * (hashed files a year, mf-manifest.json and remoteEntry.js revalidated), and the screens the
 * release renders per request (its own server bundle, at /releases/<version>/prerendered/render),
 * so a release's screens follow its pointer as its files do. A release folder never
 * changes once written, so each is indexed once, on its first request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { RENDER_PATH, SERVER_DIR } from '../../tooling/product.cjs';
import { RELEASE_VERSION, releasesDir } from '../../tooling/releases.cjs';

/**
 * The handler of /releases/ (on every app's server: a remote's first release may come after its
 * server started; an app never released answers 404 there).
 * @param {string} root the dist folder being served (its parent folder names the app)
 * @param {NodeJS.ProcessEnv} env
 * @param {(res: import('node:http').ServerResponse, pathname: string) => void} setHeaders
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, folder: string, url: string | null) => void} renderIn
 *   answers RENDER_PATH for the release in `folder` (the shell's server asks it next to the release's manifest)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, rest: string) => void}
 */
export function releaseFiles(root, env, setHeaders, renderIn) {
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
    if (`/${file.join('/')}` === RENDER_PATH) {
      renderIn(req, res, folder, new URL(req.url ?? '/', 'http://localhost').searchParams.get('url'));
      return;
    }
    // A release's server code (the screens it renders per request) is never a file to download.
    if (file[0] === SERVER_DIR) {
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
