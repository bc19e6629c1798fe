/**
 * The host's entry. Everything that imports a shared singleton sits behind a
 * dynamic import (the async boundary), so federation can pick the one copy of
 * react, the router and @campus/shared before any of it runs.
 *
 * Order matters only where it must: the app's chunks start downloading at
 * once (the page has already asked for them with <link rel="preload">), beside
 * the runtime configuration (inlined into the page by the static server,
 * fetched only where it was not); remotes are registered from that
 * configuration before the first render, and each remote is fetched only when
 * one of its routes is visited (never at start-up, so a remote that is down
 * cannot hold up the landing page).
 */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { runtimeCompatibilityPlugin } from './app/remote/runtime-compatibility';
import { pageConfigState } from './app/remote/page-config-state';
import { yieldToMain } from './app/yield-to-main';

function showStartupError(error: unknown): void {
  const root = document.getElementById('root');
  if (!root) return;
  const message = error instanceof Error ? error.message : String(error);
  root.innerHTML = '';
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:1.5rem;line-height:1.5';
  const title = document.createElement('h1');
  title.textContent = 'Campus Marketplace could not start';
  const text = document.createElement('p');
  text.textContent = `${message}. Please reload the page in a moment.`;
  box.append(title, text);
  root.append(box);
}

async function start(): Promise<void> {
  // Every script of these chunk groups is already downloading: the page preloads them
  // (<link rel="preload">, written by src/prerender from the names given here). So the
  // imports can run one after another at no cost in time, and each module graph is
  // evaluated in a task of its own instead of one long task that blocks the page:
  // the design system's modules, then its token snapshot decoded, then its system (Chakra's createSystem),
  // then react-dom, then the app.
  const { loadRuntimeConfig, setRuntimeConfig } = await import(/* webpackChunkName: "runtime-config" */ '@campus/shared/runtime-config');
  const { resolveRemoteOverrides } = await import(/* webpackChunkName: "runtime-config" */ '@campus/shared/remote-overrides');
  const config = await loadRuntimeConfig();
  // A remote's preview build for this browser session, from allow-listed origins only.
  const { overrides, refused } = resolveRemoteOverrides(location.search, sessionStorage, config.remoteOverrideOrigins ?? []);
  for (const reason of refused) console.warn(`Remote override refused: ${reason}`);
  const remotes = { ...config.remotes, ...overrides };
  setRuntimeConfig({ ...config, remotes });
  // A remote built for another runtime than this page's is refused before any of its code loads.
  registerPlugins([runtimeCompatibilityPlugin(__CAMPUS_RUNTIME_VERSION__)]);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  pageConfigState.readAt = performance.now();
  pageConfigState.overridden = new Set(Object.keys(overrides));
  const { designSystem, prepareDesignSystem } = await import(/* webpackChunkName: "design-system" */ '@campus/shared/ui');
  await yieldToMain();
  prepareDesignSystem();
  await yieldToMain();
  designSystem();
  await yieldToMain();
  await import(/* webpackChunkName: "react-dom" */ 'react-dom/client');
  await yieldToMain();
  const { mount } = await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  await yieldToMain();
  mount();
}

start().catch(showStartupError);
