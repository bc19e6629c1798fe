import { Outlet } from 'react-router-dom';
import { Box, chakra, Flex } from '@campus/shared/ui';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { RemoteOverrideBanner } from './RemoteOverrideBanner';

/**
 * What a page that arrives later (a remote's screen, or any page behind the
 * session check) holds from the first paint: the whole first screen below the
 * navbar (h="16"), so the footer starts below the fold and nothing moves when
 * the page comes in (no layout shift when the auth screens arrive).
 */
export const LATE_PAGE_MIN_H = 'calc(100vh - 4rem)';

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
      <Footer />
    </Flex>
  );
}
