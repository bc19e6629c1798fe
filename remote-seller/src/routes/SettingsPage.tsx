/**
 * /seller/settings (spec section 2): two tabs, Store Info and Payments ('?tab=payments' opens that one, as the
 * new seller's welcome does); 'Seller information not found' without a seller.
 */
import { useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import { ErrorPanel, Tabs } from '@campus/shared/ui';
import { SellerPage } from '../components/SellerPage';
import { PaymentsForm } from '../features/settings/components/PaymentsForm';
import { StoreInfoForm } from '../features/settings/components/StoreInfoForm';

export default function SettingsPage() {
  const seller = useSession((s) => s.seller);
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'payments' ? 'payments' : 'store';
  return (
    <SellerPage screen="settings">
      {!seller?.id ? (
        <ErrorPanel message={MESSAGES.validation.sellerInfoNotFound} />
      ) : (
        <Tabs.Root defaultValue={tab} colorPalette="brand" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="store">Store Info</Tabs.Trigger>
            <Tabs.Trigger value="payments">Payments</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="store" pt="4">
            <StoreInfoForm seller={seller} />
          </Tabs.Content>
          <Tabs.Content value="payments" pt="4">
            <PaymentsForm seller={seller} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </SellerPage>
  );
}
