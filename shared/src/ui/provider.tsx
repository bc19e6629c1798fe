import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme';

type System = typeof system;

/**
 * On a page the build rendered (shell/src/prerender), Chakra's global CSS
 * (reset, global styles, tokens as CSS variables) is already in <head> as
 * emotion's "css-global" styles. Giving Chakra no globals to insert there
 * spares the page computing them again at start-up (the system computes
 * them lazily: tooling/webpack/chakra-lazy-globals-loader.cjs); the styles
 * in <head> stay as they are.
 */
let systemForThisPage: System | undefined;

function pageSystem(): System {
  if (!systemForThisPage) {
    const globalsInPage = typeof document !== 'undefined' && document.querySelector('style[data-emotion^="css-global "]') !== null;
    systemForThisPage = globalsInPage ? (Object.create(system, { _global: { value: [] } }) as System) : system;
  }
  return systemForThisPage;
}

/** The one Chakra provider. The shell renders it; a remote started alone renders it in its dev page. */
export function DesignSystemProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={pageSystem()}>{children}</ChakraProvider>;
}
