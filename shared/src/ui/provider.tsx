import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { designSystem } from './theme';

/**
 * The style tags the server wrote into <head> (tooling/html.cjs, headStyles): Chakra's global
 * CSS (reset, global styles, tokens as CSS variables) as emotion's "css-global" tags marked
 * `data-s`, and every class's rules in one tag naming them in this attribute (the same name as
 * tooling/html.cjs's PRERENDERED_EMOTION_ATTRIBUTE; provider.test.tsx reads that file's output).
 */
export const PRERENDERED_EMOTION_ATTRIBUTE = 'data-prerendered-emotion';

/**
 * On such a page, giving Chakra no globals to insert spares the page computing them again at
 * start-up (the system computes them lazily: tooling/webpack/chakra-lazy-globals-loader.cjs),
 * and no layer order to insert keeps emotion from taking the server's tag out and back in;
 * the styles in <head> stay as they are.
 */
let systemForThisPage: SystemContext | undefined;

function pageSystem(): SystemContext {
  if (!systemForThisPage) {
    const globalsInPage = typeof document !== 'undefined' && document.querySelector('style[data-emotion^="css-global "]') !== null;
    const system = designSystem();
    systemForThisPage = globalsInPage
      ? (Object.create(system, { _global: { value: [] }, _config: { value: { ...system._config, disableLayers: true } } }) as SystemContext)
      : system;
  }
  return systemForThisPage;
}

/**
 * The page's emotion cache, counting the server's classes as inserted already. Emotion's own
 * cache would find them by moving each server tag to the end of <head>, and every move makes
 * the browser parse that sheet again and restyle the whole page in a start-up task.
 * Styles inserted later go into the cache's own tag after the server's, as emotion's would.
 */
let cacheForThisPage: EmotionCache | undefined;

function pageEmotionCache(): EmotionCache {
  if (!cacheForThisPage) {
    const cache = createCache({ key: 'css' });
    for (const tag of document.querySelectorAll(`style[${PRERENDERED_EMOTION_ATTRIBUTE}]`)) {
      const [key, ...names] = (tag.getAttribute(PRERENDERED_EMOTION_ATTRIBUTE) ?? '').split(' ');
      if (key === cache.key) for (const name of names) cache.inserted[name] = true;
    }
    cacheForThisPage = cache;
  }
  return cacheForThisPage;
}

/** The one Chakra provider. The shell renders it; a remote started alone renders it in its dev page. */
export function DesignSystemProvider({ children }: { children: ReactNode }) {
  const chakra = <ChakraProvider value={pageSystem()}>{children}</ChakraProvider>;
  // A server render (the build's, or a remote's per URL) writes its styles beside the markup: emotion's default.
  if (typeof document === 'undefined') return chakra;
  return <CacheProvider value={pageEmotionCache()}>{chakra}</CacheProvider>;
}
