/**
 * One message of the thread: mine on the right, theirs on the left; its photos (each opens
 * large), the pay-in-the-app notice under a text that carries a phone or account number, its
 * time, and, for a message still on its way, "Sending…" or "Failed to send" with Retry.
 */
import type { ReactNode } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import { lazyDateFormat, mediaUrl } from '@campus/shared/product-ui';
import { Box, Button, chakra, Flex, HStack, Image, SimpleGrid, Text } from '@campus/shared/ui';

const T = MESSAGES.messaging;
const timeFormat = lazyDateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export interface BubblePhoto {
  key: string;
  /** What the bubble shows (the card size, or a local preview while sending). */
  thumbUrl: string;
  /** What opens large. */
  largeUrl: string;
}

export interface MessageBubbleProps {
  mine: boolean;
  text: string;
  photos: readonly BubblePhoto[];
  createdAt?: string;
  safetyNotice?: boolean;
  status?: 'sending' | 'failed';
  error?: string;
  /** Under my last message once the other side has read it. */
  seen?: boolean;
  onRetry?: () => void;
  onOpenPhoto: (photo: { url: string; alt: string }) => void;
  /** Actions on the message (Report), for the other side's messages. */
  actions?: ReactNode;
}

export function MessageBubble({
  mine,
  text,
  photos,
  createdAt,
  safetyNotice,
  status,
  error,
  seen,
  onRetry,
  onOpenPhoto,
  actions,
}: MessageBubbleProps) {
  return (
    <Flex direction="column" align={mine ? 'flex-end' : 'flex-start'} gap="1">
      <Box
        maxW={{ base: '85%', md: '70%' }}
        bg={mine ? 'brand.solid' : 'bg.muted'}
        color={mine ? 'brand.contrast' : 'fg'}
        borderRadius="lg"
        px="3"
        py="2"
        opacity={status === 'sending' ? 0.75 : 1}
      >
        <chakra.span srOnly>{mine ? `${T.you}: ` : ''}</chakra.span>
        {photos.length > 0 ? (
          <SimpleGrid columns={photos.length === 1 ? 1 : 2} gap="1" mb={text ? '2' : '0'}>
            {photos.map((photo, i) => (
              <chakra.button
                key={photo.key}
                type="button"
                aria-label={T.openPhoto(i + 1)}
                onClick={() => onOpenPhoto({ url: photo.largeUrl, alt: T.photoAlt(i + 1) })}
                borderRadius="md"
                overflow="hidden"
                cursor="zoom-in"
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
              >
                <Image src={mediaUrl(photo.thumbUrl)} alt="" w="full" maxH="48" aspectRatio="1" objectFit="cover" />
              </chakra.button>
            ))}
          </SimpleGrid>
        ) : null}
        {text ? (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {text}
          </Text>
        ) : null}
      </Box>
      {safetyNotice ? (
        <Text fontSize="xs" color="orange.fg" maxW={{ base: '85%', md: '70%' }} data-testid="pay-in-app">
          {T.payInApp}
        </Text>
      ) : null}
      <HStack gap="2" fontSize="xs" color="fg.muted">
        {status === 'sending' ? <Text>{T.sending}</Text> : null}
        {status === 'failed' ? (
          <>
            <Text color="fg.error">{error ? `${T.failedToSend} ${error}` : T.failedToSend}</Text>
            <Button size="xs" variant="outline" onClick={onRetry}>
              {T.retrySend}
            </Button>
          </>
        ) : null}
        {!status && createdAt ? <Text as="span">{timeFormat.format(new Date(createdAt))}</Text> : null}
        {seen ? (
          <Text as="span" data-testid="seen">
            · {T.seen}
          </Text>
        ) : null}
        {actions}
      </HStack>
    </Flex>
  );
}
