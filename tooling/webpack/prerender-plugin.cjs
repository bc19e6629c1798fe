/**
 * After an app's node build (create-config.cjs, prerenderConfig): runs its
 * writer in a child process with the bundle and the browser build's dist:
 * write-prerendered-pages.cjs for the host (its public pages in its page
 * template), write-prerendered-screens.cjs for a remote (its static screens).
 * A child process, because the page tree opens what a browser would (a
 * BroadcastChannel for the event bus) and would keep webpack from exiting.
 */
const path = require('node:path');
const { execFile } = require('node:child_process');

class PrerenderPlugin {
  /** @param {{ distDir: string, bundle: string, writer: string }} options bundle: the node build's file; writer: a file in this folder */
  constructor({ distDir, bundle, writer }) {
    this.distDir = distDir;
    this.bundle = bundle;
    this.writer = writer;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const bundle = path.join(compilation.outputOptions.path, this.bundle);
      const script = path.join(__dirname, this.writer);
      await new Promise((resolve, reject) => {
        execFile(process.execPath, [script, bundle, this.distDir], { maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
          if (stdout.trim()) compiler.getInfrastructureLogger('prerender').info(stdout.trim());
          if (error) reject(new Error(`Prerendering (${this.writer}) failed:\n${stderr || error.message}`));
          else resolve();
        });
      }).catch((error) => compilation.errors.push(error));
    });
  }
}

module.exports = { PrerenderPlugin };
