import { Link as RouterLink } from 'react-router-dom';
import { chakra, HStack, Link } from '@campus/shared/ui';
import { href } from '@campus/shared/federation';

/** Inline SVG mark: no image request on first paint. */
function Mark() {
  return (
    <chakra.svg viewBox="0 0 32 32" w="8" h="8" aria-hidden="true" flexShrink={0}>
      <rect width="32" height="32" rx="9" fill="#039855" />
      <path d="M8 13.5 16 9l8 4.5-8 4.5-8-4.5Z" fill="#fff" />
      <path d="M11 16v4.2c0 1.5 2.2 2.8 5 2.8s5-1.3 5-2.8V16l-5 2.8-5-2.8Z" fill="#a6f4c5" />
    </chakra.svg>
  );
}

export function Logo() {
  return (
    <Link asChild fontWeight="bold" fontSize={{ base: 'md', sm: 'lg' }} color="fg" _hover={{ textDecoration: 'none' }}>
      <RouterLink to={href('landing')} aria-label="Campus Marketplace home">
        <HStack gap="2">
          <Mark />
          <chakra.span>
            {/* The visible words are the link's name too (WCAG 2.5.3), so the space is real text. */}
            Campus <chakra.span color="brand.fg">Marketplace</chakra.span>
          </chakra.span>
        </HStack>
      </RouterLink>
    </Link>
  );
}
