/**
 * Writing a message: the text (Enter sends, Shift+Enter starts a new line) and up to four
 * photos, each shown small with Remove. The form holds its text with the form kit, checked by
 * the contract's schema (2,000 characters); a message needs a text or a photo.
 */
import { useRef, useState } from 'react';
import { LuImagePlus, LuSend, LuX } from 'react-icons/lu';
import { PHOTO_TYPES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { FormStack, TextareaField, useContractForm } from '@campus/shared/form';
import { MESSAGE_MAX_PHOTOS, messageFieldsSchema } from '@campus/shared/schemas';
import { Box, Button, chakra, HStack, IconButton, Image, Text, VisuallyHidden } from '@campus/shared/ui';
import { previewUrl } from '../lib/previews';

const T = MESSAGES.messaging;

export interface ComposerProps {
  onSend: (text: string, photos: readonly File[]) => void;
  /** Why sending is impossible (blocked), shown instead of the form. */
  disabledReason?: string | null;
}

export function Composer({ onSend, disabledReason }: ComposerProps) {
  const form = useContractForm(messageFieldsSchema, { defaultValues: { text: '' } });
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = form.handleSubmit(({ text }) => {
    if (!text && photos.length === 0) {
      setProblem(T.emptyMessage);
      return;
    }
    onSend(text, photos);
    form.reset({ text: '' });
    setPhotos([]);
    setProblem(null);
  });

  const addPhotos = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const room = MESSAGE_MAX_PHOTOS - photos.length;
    setProblem(chosen.length > room ? T.tooManyPhotos(MESSAGE_MAX_PHOTOS) : null);
    setPhotos([...photos, ...chosen.slice(0, Math.max(0, room))]);
    if (fileInput.current) fileInput.current.value = '';
  };

  if (disabledReason) {
    return (
      <Box borderTopWidth="1px" p="3">
        <Text color="fg.muted" role="status">
          {disabledReason}
        </Text>
      </Box>
    );
  }

  const textError = form.formState.errors.text?.message;
  return (
    <Box borderTopWidth="1px" p="3">
      <FormStack onSubmit={(e) => void submit(e)} label={T.messageLabel} gap="2">
        {photos.length > 0 ? (
          <HStack gap="2" flexWrap="wrap" data-testid="chosen-photos">
            {photos.map((file, i) => (
              <Box key={`${file.name}-${i}`} position="relative" w="16" h="16" borderRadius="md" overflow="hidden" bg="bg.muted">
                {previewUrl(file) ? <Image src={previewUrl(file)} alt="" w="16" h="16" objectFit="cover" /> : null}
                <IconButton
                  aria-label={T.removePhoto(file.name)}
                  size="2xs"
                  position="absolute"
                  top="0.5"
                  insetEnd="0.5"
                  variant="solid"
                  colorPalette="gray"
                  onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                >
                  <LuX />
                </IconButton>
              </Box>
            ))}
          </HStack>
        ) : null}
        <TextareaField
          label={<VisuallyHidden>{T.messageLabel}</VisuallyHidden>}
          placeholder={T.messagePlaceholder}
          rows={2}
          error={textError}
          {...form.register('text')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        <HStack justify="space-between">
          <chakra.input
            ref={fileInput}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            multiple
            srOnly
            tabIndex={-1}
            aria-hidden="true"
            data-testid="photo-input"
            onChange={(event) => addPhotos(event.currentTarget.files)}
          />
          {/* A thumb's 44 px on a phone. */}
          <Button
            variant="outline"
            size="sm"
            minH={{ base: '11', md: 'auto' }}
            onClick={() => fileInput.current?.click()}
            disabled={photos.length >= MESSAGE_MAX_PHOTOS}
          >
            <LuImagePlus aria-hidden="true" />
            {T.addPhotos}
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" minH={{ base: '11', md: 'auto' }} minW={{ base: '24', md: 'auto' }}>
            <LuSend aria-hidden="true" />
            {T.send}
          </Button>
        </HStack>
      </FormStack>
    </Box>
  );
}
