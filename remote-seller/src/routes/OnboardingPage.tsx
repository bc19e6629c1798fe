/** /seller/onboarding: Become a seller (spec section 2), outside the seller chrome. */
import { Container, Heading, Text, usePageTitle } from '@campus/shared/ui';
import { SellCrumbs } from '../components/SellCrumbs';
import { OnboardingWizard } from '../features/onboarding/components/OnboardingWizard';

export const ONBOARDING_TITLE = 'Become a seller';

export default function OnboardingPage() {
  usePageTitle(ONBOARDING_TITLE);
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <SellCrumbs mb="4" />
      <Heading as="h1" size="2xl" mb="2">
        {ONBOARDING_TITLE}
      </Heading>
      <Text color="fg.muted" mb="6">
        Open your store in three steps. Buyers pay by card; your money is released when you enter their completion code.
      </Text>
      <OnboardingWizard />
    </Container>
  );
}
