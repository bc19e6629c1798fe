import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, chakra, Flex } from '@campus/shared/ui';
import { Navbar } from './Navbar';
import { RemoteOverrideBanner } from './RemoteOverrideBanner';
import { footerWanted } from './footer-wanted';

/**
 * What a page that arrives later (a remote's screen, or any page behind the
 * session check) holds from the first paint: the whole first screen below the
 * navbar (h="16"), so the footer starts below the fold and nothing moves when
 * the page comes in (no layout shift when the auth screens arrive).
 */
export const LATE_PAGE_MIN_H = 'calc(100vh - 4rem)';

/**
 * The footer is below the fold: its own chunk, behind a Suspense boundary, so a
 * prerendered page hydrates it in a later task of its own (React leaves the
 * server's footer in place until the chunk is in) instead of inside the
 * start-up task. In the browser the chunk is asked for once the page's main
 * content has shown, or the student reaches into the footer (footerWanted), so
 * it never competes with the screen's own scripts; the build's render (no
 * window) loads it at once, so the HTML has it.
 */
const Footer = lazy(() =>
  (typeof window === 'undefined' ? Promise.resolve() : footerWanted())
    .then(() => import(/* webpackChunkName: "footer" */ './Footer'))
    .then((m) => ({ default: m.Footer })),
);

/** Navbar, page, footer. A skip link first so keyboard users can jump past the navbar. */
export function AppLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <chakra.a
        href="#main"
        position="absolute"
        left="2"
        top="-40"
        zIndex="skipNav"
        bg="bg"
        px="3"
        py="2"
        borderRadius="md"
        boxShadow="md"
        _focus={{ top: '2' }}
      >
        Skip to content
      </chakra.a>
      <RemoteOverrideBanner />
      <Navbar />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </Flex>
  );
}
