/** A message's photo, large (its gallery size), in a dialog: Escape or Close returns to the thread. */
import { MESSAGES } from '@campus/shared/messages';
import { mediaUrl } from '@campus/shared/product-ui';
import { CloseButton, Dialog, Image, Portal } from '@campus/shared/ui';

export interface OpenPhoto {
  url: string;
  alt: string;
}

export function PhotoDialog({ photo, onClose }: { photo: OpenPhoto | null; onClose: () => void }) {
  return (
    <Dialog.Root open={photo !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{photo?.alt ?? MESSAGES.messaging.photoDialogTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {photo ? (
                <Image src={mediaUrl(photo.url)} alt={photo.alt} w="full" maxH="75vh" objectFit="contain" borderRadius="md" />
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={MESSAGES.messaging.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
