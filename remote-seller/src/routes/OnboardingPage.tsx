/**
 * /seller/onboarding: Become a seller (spec section 2), outside the seller chrome. A student who
 * already has a store is taken to its dashboard: the session may say so, or the API (a store opened
 * on another device, which the session stored on this one does not know yet).
 */
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { href } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { sessionStore } from '@campus/shared/session';
import { Container, Heading, PageSpinner, Text, usePageTitle } from '@campus/shared/ui';
import { SellCrumbs } from '../components/SellCrumbs';
import { findMyStore } from '../features/onboarding/api/my-store';
import { OnboardingWizard } from '../features/onboarding/components/OnboardingWizard';

export const ONBOARDING_TITLE = 'Become a seller';

/** 'found': a store exists (to the dashboard); 'none': the wizard, also when the API could not be asked. */
type StoreCheck = 'checking' | 'none' | 'found';

export default function OnboardingPage() {
  usePageTitle(ONBOARDING_TITLE);
  // Read once: a store the wizard itself opens goes to the dashboard its own way (with the welcome).
  const [check, setCheck] = useState<StoreCheck>(() => (sessionStore.getState().isSeller ? 'found' : 'checking'));

  useEffect(() => {
    if (check !== 'checking') return;
    const controller = new AbortController();
    findMyStore(controller.signal).then(
      (store) => {
        if (controller.signal.aborted) return;
        if (store) sessionStore.getState().setSeller(store);
        setCheck(store ? 'found' : 'none');
      },
      () => {
        if (!controller.signal.aborted) setCheck('none');
      },
    );
    return () => controller.abort();
  }, [check]);

  if (check === 'found') return <Navigate to={href('dashboard')} replace />;

  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <SellCrumbs mb="4" />
      <Heading as="h1" size="2xl" mb="2">
        {ONBOARDING_TITLE}
      </Heading>
      <Text color="fg.muted" mb="6">
        Open your store in three steps. Buyers pay by card; your money is released when you enter their completion code.
      </Text>
      {check === 'checking' ? <PageSpinner label={MESSAGES.sellerOnboarding.checkingStore} /> : <OnboardingWizard />}
    </Container>
  );
}
