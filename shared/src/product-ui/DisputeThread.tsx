import { formatNaira } from '../money';
import type { Dispute } from '../schemas/entities';
import { Box, Flex, Heading, Image, SimpleGrid, Stack, Text, chakra } from '@campus/shared/ui';
import { lazyDateFormat } from './date-format';
import { mediaUrl } from './media-url';

const dateFormat = lazyDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Where a dispute stands, in one sentence (the same words for both sides). */
export function disputeStatusText(dispute: Dispute): string {
  const refunded = dispute.refunded ? formatNaira(dispute.refunded) : '';
  switch (dispute.status) {
    case 'open':
      return 'In dispute: the money is held until the campus team decides.';
    case 'refunded':
      return `Decided: ${refunded} refunded to the buyer.`;
    case 'part-refunded':
      return `Decided: ${refunded} refunded to the buyer, the rest released to the seller.`;
    case 'released':
      return 'Decided: the money was released to the seller.';
  }
}

export interface DisputeThreadProps {
  dispute: Dispute;
  /** Whose screen it is: their own statements read "You". */
  viewer: 'buyer' | 'seller';
  /** Heading level inside the page. */
  headingLevel?: 'h3' | 'h4';
}

/**
 * A dispute on an order: its state, the buyer's reason, both sides'
 * statements oldest first (with the photos given), and the campus team's
 * decision once taken. Read-only; each remote adds its own statement form.
 */
export function DisputeThread({ dispute, viewer, headingLevel = 'h4' }: DisputeThreadProps) {
  const who = (author: 'buyer' | 'seller') => (author === viewer ? 'You' : author === 'buyer' ? 'Buyer' : 'Seller');
  const headingId = `dispute-${dispute.id}`;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="orange.300" borderRadius="md" p="3" data-testid="dispute">
      <Stack gap="2" fontSize="sm">
        <Heading as={headingLevel} size="sm" id={headingId}>
          Dispute
        </Heading>
        <Text fontWeight="semibold" data-testid="dispute-status">
          {disputeStatusText(dispute)}
        </Text>
        <Text>
          <chakra.span fontWeight="semibold">{viewer === 'buyer' ? 'Your reason: ' : "The buyer's reason: "}</chakra.span>
          {dispute.reason}
        </Text>
        {dispute.statements.length > 0 ? (
          <chakra.ol listStyleType="none" m="0" p="0" display="grid" gap="2" aria-label="Statements">
            {dispute.statements.map((s) => (
              <chakra.li key={s.id} bg="bg.muted" borderRadius="md" p="2">
                <Flex justify="space-between" gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{who(s.author)}</Text>
                  <Text color="fg.muted" fontSize="xs">
                    {dateFormat.format(new Date(s.createdAt))}
                  </Text>
                </Flex>
                <Text whiteSpace="pre-wrap">{s.text}</Text>
                {s.imageUrls.length > 0 ? (
                  <SimpleGrid columns={4} gap="2" mt="1">
                    {s.imageUrls.map((url, i) => (
                      <Image
                        key={url}
                        src={mediaUrl(url)}
                        alt={`${who(s.author)}: photo ${i + 1}`}
                        aspectRatio="1"
                        objectFit="cover"
                        borderRadius="sm"
                      />
                    ))}
                  </SimpleGrid>
                ) : null}
              </chakra.li>
            ))}
          </chakra.ol>
        ) : null}
        {dispute.decisionNote ? (
          <Text>
            <chakra.span fontWeight="semibold">The campus team: </chakra.span>
            {dispute.decisionNote}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
