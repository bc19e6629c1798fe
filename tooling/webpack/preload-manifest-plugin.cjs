/**
 * Writes preload-manifest.json into the shell's build: for each named async
 * chunk group (`import(/* webpackChunkName: "bootstrap" *\/ ...)`, the lazy
 * pages' "page-<id>"), every script the group needs before it can run.
 *
 * "Needs" follows what webpack and Module Federation load together: the
 * group's own chunks, and for every shared module it consumes (react,
 * @campus/shared/ui, ...) the chunks of the copy the page will use,
 * recursively. At start that is the host's own provided copy (no remote is
 * loaded yet: shareStrategy 'loaded-first'), whose chunks webpack emits apart
 * from the consumer's fallback copy; the fallback only where nothing is provided.
 * It does not follow ordinary import()s: a lazy page is its own entry here.
 * The prerender step turns these lists into <link rel="preload"> tags, so the
 * browser fetches a route's scripts beside the entry instead of after it.
 */
const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

/** Share key -> the chunk groups that load this build's provided copy. */
function providedGroups(compilation) {
  const byKey = new Map();
  for (const module of compilation.modules) {
    if (module.type !== PROVIDE_SHARED) continue;
    const groups = module.blocks.map((block) => compilation.chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
    byKey.set(module._name, [...(byKey.get(module._name) ?? []), ...groups]);
  }
  return byKey;
}

function scriptsOf(chunkGroup, chunkGraph, provided) {
  const files = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_SHARED) continue;
        const providedCopy = provided.get(module.options.shareKey) ?? [];
        if (providedCopy.length > 0) providedCopy.forEach(visit);
        else
          for (const block of module.blocks) {
            const fallback = chunkGraph.getBlockChunkGroup(block);
            if (fallback) visit(fallback);
          }
      }
    }
  };
  visit(chunkGroup);
  return [...files].sort();
}

class PreloadManifestPlugin {
  constructor({ fileName = 'preload-manifest.json' } = {}) {
    this.fileName = fileName;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const groups = {};
        const provided = providedGroups(compilation);
        for (const [name, group] of compilation.namedChunkGroups) {
          if (group.isInitial()) continue;
          groups[name] = scriptsOf(group, compilation.chunkGraph, provided);
        }
        compilation.emitAsset(this.fileName, new sources.RawSource(`${JSON.stringify({ groups }, null, 2)}\n`));
      });
    });
  }
}

module.exports = { PreloadManifestPlugin };
