/**
 * The one webpack configuration for the shell and the four remotes.
 * Each app's webpack.config.js calls createAppConfig({ dir, ... }).
 *
 * Facts this file relies on (docs/architecture.md, design brief):
 * - webpack 5.111.1 + @module-federation/enhanced 2.9.2, pinned together;
 * - shared singletons with real semver requiredVersions, trailing-slash keys so
 *   react-dom/client and react/jsx-runtime are shared too; @campus/shared's runtime as strict
 *   singletons and the rest of it by semantic version (campusSharedConfig, docs/releasing.md);
 * - Chakra is NOT shared as a package: it travels inside `@campus/shared/ui`,
 *   which re-exports only the components the product uses (size);
 * - the host uses shareStrategy 'loaded-first' so a dead remote cannot hang start-up.
 */
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { APPS, buildRuntimeConfig, readPorts } = require('../product.cjs');
const chakraThemeParts = require('./chakra-theme-parts.cjs');
const { PreloadManifestPlugin } = require('./preload-manifest-plugin.cjs');
const { PrerenderPlugin } = require('./prerender-plugin.cjs');

/** Singletons every app shares. Values are the package whose declared range is the requiredVersion. */
const SINGLETONS = {
  react: 'react',
  'react/': 'react',
  'react-dom': 'react-dom',
  'react-dom/': 'react-dom',
  // Shared through a door with only the API we use (react-router-dom.mjs); see ROUTER_DOOR.
  'react-router-dom': 'react-router-dom',
  '@emotion/react': '@emotion/react',
  zustand: 'zustand',
  // @campus/shared's subpaths are shared one by one (campusSharedConfig): its runtime as strict
  // singletons, its contract, UI and helpers by semantic version.
  // One query client context page-wide: remotes' useQuery must see the shell's QueryClientProvider.
  '@tanstack/react-query': '@tanstack/react-query',
};

/**
 * react-router 7's package exports point every condition at dist/development
 * (warnings and dev-only checks included); production builds use the
 * production files the package also ships.
 */
function reactRouterProductionAlias() {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/** The router subset federation shares as 'react-router-dom'. */
const ROUTER_DOOR = path.join(__dirname, 'react-router-dom.mjs');

function exportedNames(file) {
  const body = fs.readFileSync(file, 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(body);
  return new Set(
    (list ? list[1] : '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(m?[jt]sx?)$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Fails the build when app code imports a router name the door does not pass on
 * (it would be undefined at run time). Type-only names are erased, so skipped;
 * lint's consistent-type-imports makes them always say `type`.
 */
function checkRouterImports(dirs) {
  const allowed = exportedNames(ROUTER_DOOR);
  const missing = new Map();
  const importRe = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router(?:-dom)?['"]/g;
  // src/prerender runs in node at build time with the whole router, never through the door.
  for (const file of dirs.flatMap((d) => sourceFiles(d)).filter((f) => !f.split(path.sep).includes('prerender'))) {
    const body = fs.readFileSync(file, 'utf8');
    for (const match of body.matchAll(importRe)) {
      if (match[1]) continue;
      for (const spec of match[2]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (spec.startsWith('type ')) continue;
        const name = spec.split(/\s+as\s+/)[0].trim();
        if (!allowed.has(name)) missing.set(name, path.relative(path.join(__dirname, '../..'), file));
      }
    }
  }
  if (missing.size > 0) {
    const list = [...missing].map(([name, file]) => `  ${name} (${file})`).join('\n');
    throw new Error(`These react-router names are not shared yet; add them to tooling/webpack/react-router-dom.mjs:\n${list}`);
  }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** A dependency's declared range as a requiredVersion: an exact version means "this or a compatible one". */
const requiredRange = (range) => (/^\d/.test(range) ? `^${range}` : range);

/** Semver ranges as the app's package.json declares them (never `false`/`*`). */
function sharedConfig(pkg, pkgFile) {
  const deps = { ...pkg.peerDependencies, ...pkg.dependencies };
  const shared = {};
  for (const [key, dep] of Object.entries(SINGLETONS)) {
    const range = deps[dep];
    if (!range) throw new Error(`${pkgFile} must list ${dep} in dependencies: it is a federation singleton`);
    shared[key] = { singleton: true, requiredVersion: requiredRange(range) };
  }
  // Provide and fall back to the door; its version is the real package's, so ranges still mean something.
  shared['react-router-dom'].import = ROUTER_DOOR;
  shared['react-router-dom'].version = require('react-router-dom/package.json').version;
  return shared;
}

/**
 * Subpaths of @campus/shared that are never shared: those only tests, a remote started alone or a
 * build in node use, and the message texts (stateless; each build keeps only the domains it reads,
 * which a shared module cannot: its every export is kept for whoever consumes it).
 */
const NOT_SHARED = new Set(['./testing', './standalone', './prerender', './messages']);

const SHARED_DIR = path.join(__dirname, '../../shared');

/** "1.4.2" -> "^1.4.0": what a build made against 1.4.x accepts (the same major, that minor or newer). */
const caretOfMinor = (version) => {
  const [major, minor] = version.split('.');
  return `^${major}.${minor}.0`;
};

/**
 * The two versions of @campus/shared a build is made against (shared/package.json):
 * - the runtime (`campusRuntime.version`, its subpaths in `campusRuntime.modules`): what must be one
 *   instance page-wide (runtime config, API client and its 401 rule, event bus, session store,
 *   storage, query client, live stream, the design system and its Chakra context). Strict
 *   singletons: a remote built against runtime ^1.2.0 is never given 1.1 or 2.0 (the shell also
 *   refuses to mount it, shell/src/app/remote/runtime-compatibility.ts);
 * - the package's own version for everything else (the endpoint contract and schemas, constants,
 *   product UI, the form kit, helpers): shared by semantic version, not as singletons (the message
 *   texts are versioned with it but not shared: NOT_SHARED).
 *   A remote built against 1.3 runs on the host's copy when the host has 1.3 or newer in major 1,
 *   and brings its own copy (its own chunks) when the host's is older.
 * @returns {{ runtimeVersion: string, contractVersion: string, runtimeModules: Set<string>, exports: Record<string, string> }}
 */
function campusSharedVersions() {
  const sharedPkg = readJson(path.join(SHARED_DIR, 'package.json'));
  const runtime = sharedPkg.campusRuntime;
  if (!runtime?.version || !Array.isArray(runtime.modules))
    throw new Error('shared/package.json must declare campusRuntime { version, modules }');
  return {
    runtimeVersion: runtime.version,
    contractVersion: sharedPkg.version,
    runtimeModules: new Set(runtime.modules),
    exports: sharedPkg.exports,
  };
}

/**
 * Every shareable subpath of @campus/shared as its own shared module. The host gives each a file
 * path as `import`, so it provides every subpath, also those only remotes import (endpoints,
 * product-ui, constants...): a remote whose build is as new as the host's (or older) then reuses the
 * host's chunks instead of loading a second copy (and a second zod). A remote shares only what it
 * imports (a bare specifier), with its own copy as the fallback.
 */
function campusSharedConfig(isHost) {
  const { runtimeVersion, contractVersion, runtimeModules, exports } = campusSharedVersions();
  const entries = Object.keys(exports)
    .filter((subpath) => subpath.startsWith('./') && !NOT_SHARED.has(subpath))
    .map((subpath) => {
      const runtime = runtimeModules.has(subpath);
      const version = runtime ? runtimeVersion : contractVersion;
      return [
        `@campus/shared/${subpath.slice(2)}`,
        {
          singleton: runtime,
          strictVersion: runtime,
          requiredVersion: caretOfMinor(version),
          version,
          // A file path: webpack provides it whether or not the host's own code imports it.
          ...(isHost ? { import: path.join(SHARED_DIR, exports[subpath]) } : {}),
        },
      ];
    });
  return Object.fromEntries(entries);
}

/** What a remote's manifest says about the runtime it was built for (read by the shell before it mounts the remote). */
function runtimeDeclaration() {
  const { runtimeVersion, contractVersion } = campusSharedVersions();
  return { runtime: caretOfMinor(runtimeVersion), runtimeVersion, contractVersion };
}

/**
 * Entry chunks get a content hash too. The federation runtime module asks for
 * this template before hashes exist (only to count folder depth) and webpack
 * throws on [contenthash] there; answer that early call with the unhashed form.
 */
function entryFilename(pathData) {
  const hashes = pathData.chunk && pathData.chunk.contentHash;
  return hashes && hashes.javascript ? '[name].[contenthash:10].js' : '[name].js';
}

/** Chakra's createSystem with its global CSS computed on first use (chakra-lazy-globals-loader.cjs says why). */
const chakraLazyGlobalsRule = {
  test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
  loader: require.resolve('./chakra-lazy-globals-loader.cjs'),
};

/** The theme's token dictionary built by the build, not by every page (chakra-prebuilt-tokens-loader.cjs says why). */
const chakraPrebuiltTokensRule = {
  test: [
    /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/](system|token-dictionary)\.js$/,
    /[\\/]shared[\\/]src[\\/]ui[\\/](prebuilt|default)-tokens\.ts$/,
  ],
  // Before ts-loader: it writes TypeScript for the two modules it replaces.
  enforce: 'pre',
  loader: require.resolve('./chakra-prebuilt-tokens-loader.cjs'),
};

/**
 * The message texts' modules only declare constants: a chunk that reads no text of a domain
 * leaves its module out (shared/src/messages/domains.ts).
 */
const messageTextsRule = { test: /[\\/]shared[\\/]src[\\/]messages[\\/][^\\/]+\.ts$/, sideEffects: false };

/** TypeScript through ts-loader, types stripped only (type-checking is `npm run typecheck`'s job; fast on 2 cores). */
function typescriptRule(dir, production) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: require.resolve('ts-loader'),
    options: {
      configFile: path.join(dir, 'tsconfig.json'),
      transpileOnly: true,
      compilerOptions: { noEmit: false, sourceMap: !production, module: 'esnext' },
    },
  };
}

function resolveOptions(production) {
  return {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    // Chakra's default tokens without its recipes (chakra-theme-parts.cjs says why).
    alias: { ...chakraThemeParts.webpackAlias, ...(production ? reactRouterProductionAlias() : {}) },
  };
}

/** What an app renders to HTML at build time, if anything: the host its public pages, a remote its static screens. */
function prerenderTarget(dir, isHost) {
  if (isHost) return { entry: './src/prerender/render-page.tsx', bundle: 'render-page', writer: 'write-prerendered-pages.cjs' };
  const entry = './src/prerender/render-screens.tsx';
  return fs.existsSync(path.join(dir, entry)) ? { entry, bundle: 'render-screens', writer: 'write-prerendered-screens.cjs' } : null;
}

/**
 * An app's second production build: its tree for node, rendered once after
 * the browser build into HTML (the host's public pages, shell/src/prerender;
 * a remote's static screens, src/prerender/render-screens.tsx; run by
 * prerender-plugin.cjs). Everything is bundled in one file (no
 * federation: node has one copy of each package); it lands outside dist, so
 * nothing of it is served.
 */
function prerenderConfig({ dir, browserBuildName, target }) {
  return {
    name: `${browserBuildName}-prerender`,
    // Runs after the browser build: it reads that build's page template and preload manifest.
    dependencies: [browserBuildName],
    context: dir,
    mode: 'production',
    target: 'node',
    entry: { [target.bundle]: target.entry },
    devtool: false,
    output: {
      path: path.join(dir, 'node_modules', '.cache', 'prerender'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: resolveOptions(true),
    module: { rules: [typescriptRule(dir, true), chakraLazyGlobalsRule, chakraPrebuiltTokensRule] },
    plugins: [
      // One file: the lazy pages' import()s resolve inside it.
      new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
      new PrerenderPlugin({ distDir: path.join(dir, 'dist'), bundle: `${target.bundle}.cjs`, writer: target.writer }),
    ],
    // Readable stack traces if a page fails to render; size does not matter here.
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * @campus/shared's leaf modules (they import nothing): each is a shared module with a chunk of its
 * own, and other shared subpaths import it by a relative path. Webpack copies a module under
 * splitChunks' 20 KB minimum into every chunk that imports it, so a page loaded the route helpers
 * five times. This group gives each leaf one chunk that all its importers load. Only the leaves: a
 * group for all of `shared/src` regrouped whole subpaths by the chunks that share them and made
 * /marketplace load more, not less (docs/performance.md).
 */
const sharedLeavesGroup = {
  test: /[\\/]shared[\\/]src[\\/](constants|federation|money|email|search-index)\.ts$/,
  chunks: 'async',
  minChunks: 2,
  minSize: 0,
  reuseExistingChunk: true,
  enforce: true,
};

/** A production build's `.gz` and `.br` beside every text asset, which the static server sends as they are. */
function compressionPlugins() {
  const test = /\.(js|css|html|json|svg|txt|map)$/;
  return [
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test, threshold: 1024, compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      threshold: 1024,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** The page's one federation runtime core: the shell's runtime plugin, a remote's own page's first script. */
const FEDERATION_RUNTIME_CORE = path.join(__dirname, 'federation-runtime-core.mjs');
/** That script's file on a remote's own page. */
const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

/**
 * A remote's third build: Module Federation's runtime core as one plain script for the
 * remote's own page (the remote started alone), where no shell provides it.
 */
function standaloneRuntimeConfig({ dir, browserBuildName, production }) {
  return {
    name: `${browserBuildName}-standalone-runtime`,
    // After the browser build, whose `clean` would delete this file.
    dependencies: [browserBuildName],
    context: dir,
    mode: production ? 'production' : 'development',
    target: 'web',
    entry: { 'federation-runtime': FEDERATION_RUNTIME_CORE },
    devtool: false,
    output: { path: path.join(dir, 'dist'), filename: STANDALONE_RUNTIME_FILE, clean: false },
    plugins: production ? compressionPlugins() : [],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir absolute folder of the app (its __dirname)
 * @param {Record<string, string>} [options.exposes] federation exposes (remotes: { './App': './src/App.tsx' })
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration[]}
 */
module.exports = function createAppConfig({ dir, exposes }) {
  const folder = path.basename(dir);
  const app = APPS.find((a) => a.dir === folder);
  if (!app) throw new Error(`Unknown app folder ${folder}: add it to tooling/product.cjs`);
  const pkgFile = path.join(dir, 'package.json');
  const pkg = readJson(pkgFile);
  if (pkg.type === 'commonjs') throw new Error(`${pkgFile}: "type": "commonjs" breaks the federation entry; leave it unset`);
  const isHost = !app.remote;
  checkRouterImports([path.join(dir, 'src'), path.join(dir, '../shared/src')]);

  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const port = readPorts()[app.name];

    /** @type {import('webpack').Configuration} */
    const config = {
      name: app.name,
      context: dir,
      mode: production ? 'production' : 'development',
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // 'auto': chunks load from wherever the entry was served, so a remote can move without a rebuild.
        publicPath: 'auto',
        filename: production ? entryFilename : '[name].js',
        // Hashed in development too: federation can emit one chunk id twice with different content.
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: app.name,
        clean: true,
      },
      resolve: resolveOptions(production),
      module: {
        rules: [
          typescriptRule(dir, production),
          chakraLazyGlobalsRule,
          chakraPrebuiltTokensRule,
          messageTextsRule,
          { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
          { test: /\.css$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          shared: { ...sharedConfig(pkg, pkgFile), ...campusSharedConfig(isHost) },
          // Remotes are registered at run time from runtime-config.json (shell/src/index.ts).
          remotes: {},
          shareStrategy: 'loaded-first',
          manifest: {
            fileName: 'mf-manifest.json',
            // metaData.campus: the runtime range this build needs, and the versions it was built against.
            additionalData: ({ stats }) => {
              stats.metaData.campus = runtimeDeclaration();
              return stats;
            },
          },
          dts: false,
          // One federation runtime core per page: the shell's. A remote takes it from the page
          // (the global `_FEDERATION_RUNTIME_CORE`, 18.8 KB gzip less in its remoteEntry.js); started
          // alone, its page loads STANDALONE_RUNTIME_FILE first. A runtime change (docs/releasing.md).
          ...(isHost ? { runtimePlugins: [FEDERATION_RUNTIME_CORE] } : { experiments: { externalRuntime: true } }),
        }),
        // The runtime version this build provides (the host compares a remote's declaration with it).
        new (require('webpack').DefinePlugin)({ __CAMPUS_RUNTIME_VERSION__: JSON.stringify(campusSharedVersions().runtimeVersion) }),
        new HtmlWebpackPlugin({
          // One page template for the shell and every remote started alone.
          template: path.join(__dirname, 'index.html'),
          chunks: ['main'],
          // The page's own scripts from the site root, so deep links (/product/x/y) load them;
          // everything else finds its chunks through publicPath 'auto' (from the script's own URL).
          publicPath: '/',
          scriptLoading: 'defer',
          templateParameters: {
            title: isHost ? 'Campus Marketplace' : `Campus Marketplace: ${app.name} (started alone)`,
            standaloneRuntime: isHost ? null : `/${STANDALONE_RUNTIME_FILE}`,
          },
        }),
      ],
      optimization: {
        // Stable ids keep unchanged chunks' hashes stable between deploys.
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        splitChunks: { cacheGroups: { sharedLeaves: sharedLeavesGroup } },
        // SWC's minifier, not terser: the same compression passes in half the build (the shell's build 69 s ->
        // 35 s on these machines; every app, the journeys' and the release's builds), output 0.5 % smaller.
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn' },
    };

    if (production && isHost) config.plugins.push(new PreloadManifestPlugin());

    if (production) {
      config.plugins.push(...compressionPlugins());
    } else {
      config.devServer = {
        port,
        host: process.env.DEV_HOST || 'localhost',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        // Remotes' manifests and chunks are fetched cross-origin by the shell.
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        static: false,
        setupMiddlewares(middlewares) {
          // Same contract as production (page-server/): config JSON beside the app, from the environment.
          middlewares.unshift({
            name: 'runtime-config',
            path: '/runtime-config.json',
            middleware: (_req, res) => {
              res.setHeader('Content-Type', 'application/json; charset=utf-8');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify(buildRuntimeConfig()));
            },
          });
          return middlewares;
        },
      };
    }

    // The host's public pages and remotes' static screens are rendered to HTML at build time
    // (a first paint without JavaScript); development serves the bare page.
    const target = production ? prerenderTarget(dir, isHost) : null;
    return [
      config,
      ...(isHost ? [] : [standaloneRuntimeConfig({ dir, browserBuildName: config.name, production })]),
      ...(target ? [prerenderConfig({ dir, browserBuildName: config.name, target })] : []),
    ];
  };
};
