/**
 * After the host's node build (create-config.cjs, prerenderConfig): runs
 * write-prerendered-pages.cjs in a child process, which renders each public
 * page into the browser build's page template. A child process, because the
 * page tree opens what a browser would (a BroadcastChannel for the event bus)
 * and would keep webpack from exiting.
 */
const path = require('node:path');
const { execFile } = require('node:child_process');

class PrerenderPagesPlugin {
  constructor({ distDir }) {
    this.distDir = distDir;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPagesPlugin', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const bundle = path.join(compilation.outputOptions.path, 'render-page.cjs');
      const script = path.join(__dirname, 'write-prerendered-pages.cjs');
      await new Promise((resolve, reject) => {
        execFile(process.execPath, [script, bundle, this.distDir], { maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
          if (stdout.trim()) compiler.getInfrastructureLogger('prerender').info(stdout.trim());
          if (error) reject(new Error(`Prerendering the public pages failed:\n${stderr || error.message}`));
          else resolve();
        });
      }).catch((error) => compilation.errors.push(error));
    });
  }
}

module.exports = { PrerenderPagesPlugin };
