import { Outlet } from 'react-router-dom';
import { Box, chakra, Flex } from '@campus/shared/ui';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

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
      <Navbar />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
