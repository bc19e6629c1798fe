/** Every console screen: its heading, the console's sections, and the second factor's gate before the content. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { href } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { Box, Container, Heading, HStack, usePageTitle } from '@campus/shared/ui';
import { SecondFactorGate } from '../features/second-factor/components/SecondFactorGate';

const T = MESSAGES.opsConsole;

const SECTIONS = [
  { to: href('opsReports'), label: T.navReports },
  { to: href('opsDisputes'), label: T.navDisputes },
  { to: href('opsMoney'), label: T.navMoney },
  { to: href('opsStudents'), label: T.navStudents },
  { to: href('opsAudit'), label: T.navAudit },
] as const;

export function OpsLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(`${title} · ${T.title}`);
  return (
    <Container maxW="6xl" py="6">
      <Heading as="h1" size="xl" mb="2">
        {T.title}: {title}
      </Heading>
      <HStack as="nav" aria-label={T.title} gap="4" mb="6">
        {SECTIONS.map((s) => (
          <NavLink key={s.to} to={s.to} end>
            {s.label}
          </NavLink>
        ))}
      </HStack>
      <Box>
        <SecondFactorGate>{children}</SecondFactorGate>
      </Box>
    </Container>
  );
}
