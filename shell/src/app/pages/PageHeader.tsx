import type { ReactNode } from 'react';
import { Box, Container, Heading, Text } from '@campus/shared/ui';

/** The banner at the top of a public content page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <Box bgGradient="to-br" gradientFrom="brand.50" gradientVia="teal.50" gradientTo="bg" borderBottomWidth="1px">
      <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }} textAlign="center">
        <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
          {eyebrow}
        </Text>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} mt="3" lineHeight="1.15">
          {title}
        </Heading>
        {children ? (
          <Text mt="4" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl" mx="auto">
            {children}
          </Text>
        ) : null}
      </Container>
    </Box>
  );
}
