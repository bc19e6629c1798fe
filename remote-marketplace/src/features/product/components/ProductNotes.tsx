import { FREE_SHIPPING_THRESHOLD_NAIRA, RETURN_POLICY_DAYS } from '@campus/shared/constants';
import { formatNaira } from '@campus/shared/money';
import { HStack, Stack, Text } from '@campus/shared/ui';
import { LuMapPin, LuRotateCcw, LuShieldCheck, LuTruck } from 'react-icons/lu';

/** Shipping, security and return notes (spec sections 2 and 9). */
export function ProductNotes({ price }: { price: string }) {
  const freeShipping = Number(price) > FREE_SHIPPING_THRESHOLD_NAIRA;
  const notes = [
    {
      icon: <LuTruck />,
      title: freeShipping ? 'Free shipping' : 'Shipping',
      text: freeShipping
        ? `This item qualifies: free shipping on orders over ${formatNaira(FREE_SHIPPING_THRESHOLD_NAIRA)}.`
        : `Free shipping on orders over ${formatNaira(FREE_SHIPPING_THRESHOLD_NAIRA)}.`,
    },
    { icon: <LuMapPin />, title: 'Campus pickup', text: 'Collect your order from the seller on campus.' },
    { icon: <LuShieldCheck />, title: 'Secure payment', text: 'Pay by card in the app; the seller is paid when you confirm pickup.' },
    { icon: <LuRotateCcw />, title: `${RETURN_POLICY_DAYS}-day returns`, text: `Return within ${RETURN_POLICY_DAYS} days of pickup.` },
  ];
  return (
    <Stack as="ul" listStyleType="none" gap="3" borderWidth="1px" borderRadius="lg" p="4" data-testid="product-notes">
      {notes.map((n) => (
        <HStack as="li" key={n.title} align="flex-start" gap="3">
          <Text color="brand.fg" fontSize="lg" mt="0.5" aria-hidden="true">
            {n.icon}
          </Text>
          <Stack gap="0">
            <Text fontWeight="semibold" fontSize="sm">
              {n.title}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {n.text}
            </Text>
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
