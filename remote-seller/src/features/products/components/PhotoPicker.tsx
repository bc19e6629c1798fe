/**
 * Product photos (spec sections 5, 9): at most 4 in all, counting the photos
 * a product already has (edit: keep or remove each) and the new files (add:
 * previews, remove). The hint says jpg and png up to 5 MB; a chosen file of
 * another type or over PHOTO_MAX_BYTES is refused here at once, with the
 * reason beside the picker and no preview, while the other files of the same
 * choice are kept. The API still checks the content and the size.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LuImagePlus, LuX } from 'react-icons/lu';
import { MAX_PRODUCT_PHOTOS, PHOTO_TYPES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { mediaUrl } from '@campus/shared/product-ui';
import { Box, Button, IconButton, Image, SimpleGrid, Stack, Text, VisuallyHidden } from '@campus/shared/ui';
import { photoRefusal } from '../../../lib/photos';

export const PHOTO_HINT = 'JPG and PNG, up to 5 MB each, at most 4 photos';

export function PhotoPicker(props: {
  kept: readonly string[];
  files: readonly File[];
  onKeptChange: (kept: string[]) => void;
  onFilesChange: (files: File[]) => void;
}) {
  const { kept, files, onKeptChange, onFilesChange } = props;
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const room = MAX_PRODUCT_PHOTOS - kept.length - files.length;
  const titleId = useId();
  const hintId = useId();
  const refusedId = useId();
  /** Why files of the last choice were left out; cleared by the next choice. */
  const [refused, setRefused] = useState<string[]>([]);

  const add = (list: FileList | null) => {
    if (!list) return;
    const chosen = Array.from(list);
    const reasons: string[] = [];
    const usable = chosen.filter((file) => {
      const reason = photoRefusal(file);
      if (reason) reasons.push(reason);
      return reason === null;
    });
    const taken = usable.slice(0, Math.max(0, room));
    if (taken.length < usable.length) reasons.push(MESSAGES.uploads.tooManyPhotos(MAX_PRODUCT_PHOTOS));
    setRefused(reasons);
    if (taken.length) onFilesChange([...files, ...taken]);
    if (input.current) input.current.value = '';
  };

  const describedBy = refused.length ? `${hintId} ${refusedId}` : hintId;

  return (
    // A group with a title, not a form field: a <label> needs one control to name, and these are several.
    <Stack gap="1.5" role="group" aria-labelledby={titleId}>
      <Text id={titleId} textStyle="sm" fontWeight="medium">
        Photos
      </Text>
      <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3" w="full" as="ul" listStyleType="none" aria-label="Photos">
        {kept.map((url, i) => (
          <Box as="li" key={url} position="relative">
            <Image src={mediaUrl(url)} alt={`Current photo ${i + 1}`} aspectRatio="1" objectFit="cover" borderRadius="md" w="full" />
            <IconButton
              size="xs"
              minW={{ base: '11', md: '6' }}
              minH={{ base: '11', md: '6' }}
              position="absolute"
              top="1"
              right="1"
              aria-label={`Remove current photo ${i + 1}`}
              onClick={() => onKeptChange(kept.filter((u) => u !== url))}
            >
              <LuX />
            </IconButton>
          </Box>
        ))}
        {files.map((file, i) => (
          <Box as="li" key={`${file.name}-${i}`} position="relative">
            <Image src={previews[i]} alt={`New photo ${file.name}`} aspectRatio="1" objectFit="cover" borderRadius="md" w="full" />
            <IconButton
              size="xs"
              minW={{ base: '11', md: '6' }}
              minH={{ base: '11', md: '6' }}
              position="absolute"
              top="1"
              right="1"
              aria-label={`Remove ${file.name}`}
              onClick={() => onFilesChange(files.filter((_, j) => j !== i))}
            >
              <LuX />
            </IconButton>
          </Box>
        ))}
      </SimpleGrid>
      <Stack gap="1" mt="2">
        <VisuallyHidden>
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            multiple
            aria-label="Add photos"
            aria-describedby={describedBy}
            onChange={(e) => add(e.currentTarget.files)}
            tabIndex={-1}
          />
        </VisuallyHidden>
        <Button
          type="button"
          variant="outline"
          size="sm"
          minH={{ base: '11', md: '9' }}
          alignSelf="flex-start"
          disabled={room <= 0}
          aria-describedby={describedBy}
          onClick={() => input.current?.click()}
        >
          <LuImagePlus aria-hidden="true" /> Add photos
        </Button>
        <Text id={hintId} fontSize="xs" color="fg.muted">
          {PHOTO_HINT}
        </Text>
        {/* Always in the page, so the alert is announced when its text arrives. */}
        <Stack id={refusedId} role="alert" gap="0.5" fontSize="sm" color="fg.error">
          {refused.map((reason, i) => (
            <Text key={`${i}-${reason}`}>{reason}</Text>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
