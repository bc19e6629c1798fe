/**
 * The welcome a new seller sees on the dashboard right after Finish (the wizard goes there with
 * `{ welcome: true }` as the location's state): the first three things to do, each a link to its
 * page. Closing it drops that state, so Back or a reload does not bring it again.
 */
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { LuX } from 'react-icons/lu';
import { href } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import { Box, Heading, IconButton, Link, Stack, Text } from '@campus/shared/ui';

/** The location state the wizard leaves for the dashboard. */
export const WELCOME_STATE = { welcome: true } as const;

function hasWelcome(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { welcome?: unknown }).welcome === true;
}

/** Payments tab of the settings (SettingsPage reads `tab`). */
export const PAYMENTS_SETTINGS = `${href('settings')}?tab=payments`;

export function OnboardingWelcome() {
  const location = useLocation();
  const navigate = useNavigate();
  const seller = useSession((s) => s.seller);
  if (!hasWelcome(location.state) || !seller) return null;

  const steps = [
    { to: href('addProduct'), label: MESSAGES.sellerOnboarding.firstProduct, hint: MESSAGES.sellerOnboarding.firstProductHint },
    {
      to: PAYMENTS_SETTINGS,
      label: MESSAGES.sellerOnboarding.payoutAccount,
      hint: MESSAGES.sellerOnboarding.payoutAccountHint(`${seller.accountName}, ${seller.bankName} ••••${seller.accountNumber.slice(-4)}`),
    },
    {
      to: href('catalogue', { sellerId: seller.id }),
      label: MESSAGES.sellerOnboarding.shareLink,
      hint: MESSAGES.sellerOnboarding.shareLinkHint,
    },
  ];

  return (
    <Box
      as="section"
      aria-labelledby="seller-welcome"
      borderWidth="1px"
      borderColor="brand.muted"
      bg="brand.subtle"
      borderRadius="lg"
      p="4"
      position="relative"
    >
      <IconButton
        aria-label="Close the welcome"
        variant="ghost"
        size="sm"
        minW="11"
        minH="11"
        position="absolute"
        top="1"
        right="1"
        onClick={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })}
      >
        <LuX />
      </IconButton>
      <Heading as="h2" id="seller-welcome" size="md" pr="12">
        {MESSAGES.sellerOnboarding.welcomeTitle(seller.catalogueName)}
      </Heading>
      <Text mt="1" mb="3">
        {MESSAGES.sellerOnboarding.welcomeLead}
      </Text>
      <Stack as="ol" gap="2" ps="5" listStyleType="decimal">
        {steps.map((step) => (
          <Box as="li" key={step.to}>
            <Link asChild display="inline-flex" alignItems="center" minH="11" fontWeight="semibold" color="brand.fg">
              <RouterLink to={step.to}>{step.label}</RouterLink>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {step.hint}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
