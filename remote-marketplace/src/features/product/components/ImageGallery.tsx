import { Box, Flex, HStack, IconButton, Image, Text, chakra } from '@campus/shared/ui';
import { mediaUrl } from '@campus/shared/product-ui';
import { useState, type KeyboardEvent } from 'react';
import { LuChevronLeft, LuChevronRight, LuImageOff } from 'react-icons/lu';

/** The product photos: one large image, arrows, thumbnails, and the arrow keys. */
export function ImageGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  if (!current) {
    return (
      <Flex aspectRatio={1} bg="bg.muted" borderRadius="xl" align="center" justify="center" direction="column" gap="2" color="fg.subtle">
        <LuImageOff size={40} aria-hidden="true" />
        <Text>No photos</Text>
      </Flex>
    );
  }

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    if (event.key === 'ArrowRight') go(1);
  };

  return (
    <chakra.section aria-roledescription="carousel" aria-label={`Photos of ${name}`} onKeyDown={onKeyDown}>
      <Box position="relative" bg="bg.muted" borderRadius="xl" overflow="hidden" aspectRatio={1}>
        {/* The page's largest paint: ahead of everything else the page downloads. */}
        <Image
          src={mediaUrl(current)}
          alt={`${name}, photo ${index + 1} of ${count}`}
          fetchPriority="high"
          w="full"
          h="full"
          objectFit="contain"
        />
        {count > 1 ? (
          <>
            <IconButton
              aria-label="Previous photo"
              position="absolute"
              insetStart="2"
              top="50%"
              transform="translateY(-50%)"
              borderRadius="full"
              variant="surface"
              onClick={() => go(-1)}
            >
              <LuChevronLeft />
            </IconButton>
            <IconButton
              aria-label="Next photo"
              position="absolute"
              insetEnd="2"
              top="50%"
              transform="translateY(-50%)"
              borderRadius="full"
              variant="surface"
              onClick={() => go(1)}
            >
              <LuChevronRight />
            </IconButton>
            <Text
              position="absolute"
              bottom="2"
              insetEnd="3"
              bg="blackAlpha.600"
              color="white"
              fontSize="xs"
              px="2"
              borderRadius="full"
              aria-live="polite"
            >
              {index + 1} / {count}
            </Text>
          </>
        ) : null}
      </Box>
      {count > 1 ? (
        <HStack gap="2" mt="3" overflowX="auto" pb="1">
          {images.map((src, i) => (
            <chakra.button
              key={`${src}-${i}`}
              type="button"
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              flexShrink={0}
              w="16"
              h="16"
              borderRadius="md"
              overflow="hidden"
              borderWidth="2px"
              borderColor={i === index ? 'brand.solid' : 'transparent'}
              opacity={i === index ? 1 : 0.7}
              _hover={{ opacity: 1 }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
            >
              <Image src={mediaUrl(src)} alt="" w="full" h="full" objectFit="cover" />
            </chakra.button>
          ))}
        </HStack>
      ) : null}
    </chakra.section>
  );
}
