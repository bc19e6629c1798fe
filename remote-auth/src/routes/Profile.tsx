import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { readApiError } from '@campus/shared/api-client';
import { useSession, sessionStore } from '@campus/shared/session';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  HStack,
  Heading,
  PageSpinner,
  Stack,
  Tabs,
  Text,
  usePageTitle,
} from '@campus/shared/ui';
import { ErrorPanel } from '../components/MessagePanel';
import { useMe } from '../features/profile/api';
import { AccountForm } from '../features/profile/components/AccountForm';
import { WishlistTab } from '../features/profile/components/WishlistTab';
import { OrdersTab } from '../features/orders/components/OrdersTab';
import { ChangePasswordForm } from '../features/profile/components/ChangePasswordForm';
import { MessageEmailSwitch } from '../features/profile/components/MessageEmailSwitch';
import { profileLoadMessage, roleLabel, sellerStatusLabel } from '../features/profile/lib/labels';
import { href } from '@campus/shared/federation';

const TABS = ['orders', 'wishlist', 'account'] as const;
type ProfileTab = (typeof TABS)[number];
const isTab = (value: string | null): value is ProfileTab => TABS.some((t) => t === value);

/**
 * /profile (labelled Me): tabs Orders, Wishlist, Account in the spec's order.
 * `?tab=orders` opens a tab directly (the payment return page links there);
 * without it the Account tab opens.
 */
export function Profile() {
  usePageTitle('Me');
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const isSeller = useSession((s) => s.isSeller);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ProfileTab = isTab(asked) ? asked : 'account';
  // The stored user shows at once; a fresh copy from the server replaces it when it arrives.
  const me = useMe(token);
  useEffect(() => {
    if (me.data) sessionStore.getState().setUser(me.data);
  }, [me.data]);
  const loadError = me.error ? profileLoadMessage(readApiError(me.error)) : null;
  const load = () => void me.refetch();
  const loading = me.isFetching;

  // Spec section 2: the profile page itself sends a visitor without a token to /auth.
  if (!token) return <Navigate to={href('authChoice')} replace />;

  if (!user) {
    return (
      <Container maxW="4xl" py={10}>
        {loadError ? (
          <Stack gap={4}>
            <ErrorPanel message={loadError} />
            <Button alignSelf="flex-start" onClick={load} disabled={loading}>
              {loading ? 'Retrying...' : 'Try again'}
            </Button>
          </Stack>
        ) : (
          <PageSpinner label="Loading profile" />
        )}
      </Container>
    );
  }

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <ErrorPanel message={loadError} />
        <Card.Root>
          <Card.Body>
            <HStack gap={4} align="center" flexWrap="wrap">
              <Avatar.Root size="xl" colorPalette="brand">
                <Avatar.Fallback name={user.fullName || user.name} />
                {user.profilePicture ? <Avatar.Image src={user.profilePicture} alt="" /> : null}
              </Avatar.Root>
              <Box flex="1" minW="200px">
                <Heading as="h1" size="xl">
                  {user.fullName || user.name}
                </Heading>
                <Text color="fg.muted">{user.email}</Text>
              </Box>
              <Stack gap={1} align={{ base: 'flex-start', md: 'flex-end' }}>
                <Text fontSize="sm">
                  Role: <Badge colorPalette="brand">{roleLabel(user.role)}</Badge>
                </Text>
                <Text fontSize="sm">
                  Seller status:{' '}
                  <Badge colorPalette={sellerStatusLabel(user, isSeller) === 'Completed' ? 'green' : 'gray'}>
                    {sellerStatusLabel(user, isSeller)}
                  </Badge>
                </Text>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
        <Tabs.Root value={tab} onValueChange={(e) => setParams({ tab: e.value }, { replace: true })} colorPalette="brand" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="orders">Orders</Tabs.Trigger>
            <Tabs.Trigger value="wishlist">Wishlist</Tabs.Trigger>
            <Tabs.Trigger value="account">Account</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="orders" pt={4}>
            <OrdersTab />
          </Tabs.Content>
          <Tabs.Content value="account">
            <Stack gap={10} pt={4}>
              <AccountForm user={user} />
              <ChangePasswordForm />
              <MessageEmailSwitch />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="wishlist" pt={4}>
            <WishlistTab />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
