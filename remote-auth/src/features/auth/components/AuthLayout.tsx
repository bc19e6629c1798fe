import type { ReactNode } from 'react';
import { Box, Flex, Heading, Stack, Text } from '@campus/shared/ui';
import { getUniversity } from '@campus/shared/runtime-config';
import { VerifyIllustration } from './VerifyIllustration';

interface AuthLayoutProps {
  /** /verify shows its hero image in the panel. */
  withHeroImage?: boolean;
  children: ReactNode;
}

/** The auth pages' frame: a hero panel addressed to the university's students beside the form. */
export function AuthLayout({ withHeroImage = false, children }: AuthLayoutProps) {
  const university = getUniversity();
  return (
    <Flex minH={{ base: 'auto', md: '80vh' }} direction={{ base: 'column', md: 'row' }}>
      <Box
        as="aside"
        aria-label="About your account"
        flex="1"
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.900"
        color="white"
        px={{ base: 6, md: 12 }}
        py={{ base: 8, md: 16 }}
        display="flex"
        alignItems="center"
      >
        <Stack gap={5} maxW="md">
          {withHeroImage ? <VerifyIllustration /> : null}
          <Heading as="h2" size={{ base: 'xl', md: '3xl' }}>
            For students of {university.name}
          </Heading>
          <Text fontSize="lg">
            Buy and sell with fellow students on campus. Accounts are verified by university e-mail, so everyone here studies at{' '}
            {university.name}.
          </Text>
          <Text fontSize="sm" opacity={0.85}>
            Sign up with your @{university.emailDomain} address.
          </Text>
        </Stack>
      </Box>
      <Flex flex="1" align="center" justify="center" px={{ base: 4, md: 10 }} py={{ base: 8, md: 12 }}>
        <Box w="full" maxW="md">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
