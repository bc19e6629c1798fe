/**
 * A buyer's dispute on one of the store's orders: the buyer's reason, both
 * sides' statements, and, while the campus team has not decided, the seller's
 * answer (text and up to 4 photos). The money stays held until the decision.
 */
import { messageOr } from '@campus/shared/api-client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAX_PRODUCT_PHOTOS, PHOTO_TYPES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { DisputeThread } from '@campus/shared/product-ui';
import { disputeStatementFieldsSchema, type Order } from '@campus/shared/schemas';
import { Button, Dialog, HStack, IconButton, Image, Portal, SimpleGrid, Stack, Text, VisuallyHidden, chakra } from '@campus/shared/ui';
import { TextareaField, useContractForm } from '@campus/shared/form';
import { LuImagePlus, LuX } from 'react-icons/lu';
import { useAnswerDispute } from '../api/use-order-changes';

export const DISPUTE_PHOTO_HINT = `JPG and PNG, up to 5 MB each, at most ${MAX_PRODUCT_PHOTOS} photos`;

function AnswerForm({ sellerId, order }: { sellerId: string; order: Order }) {
  const answer = useAnswerDispute(sellerId);
  const [photos, setPhotos] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => photos.map((f) => URL.createObjectURL(f)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const room = MAX_PRODUCT_PHOTOS - photos.length;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm(disputeStatementFieldsSchema, { defaultValues: { text: '' } });

  const submit = handleSubmit(({ text }) =>
    answer.mutate(
      { orderId: order.id, text, photos },
      {
        onSuccess: () => {
          reset();
          setPhotos([]);
        },
      },
    ),
  );

  return (
    <chakra.form onSubmit={submit} noValidate aria-label={`Answer the dispute on order ${order.orderCode}`}>
      <Stack gap="2">
        <TextareaField label="Your answer" small rows={3} maxLength={2000} error={errors.text?.message} {...register('text')} />
        {photos.length > 0 ? (
          <SimpleGrid columns={4} gap="2" as="ul" listStyleType="none" aria-label="Photos to send">
            {photos.map((file, i) => (
              <chakra.li key={`${file.name}-${i}`} position="relative">
                <Image src={previews[i]} alt={`New photo ${file.name}`} aspectRatio="1" objectFit="cover" borderRadius="sm" w="full" />
                <IconButton
                  size="2xs"
                  position="absolute"
                  top="1"
                  right="1"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                >
                  <LuX />
                </IconButton>
              </chakra.li>
            ))}
          </SimpleGrid>
        ) : null}
        <VisuallyHidden>
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            multiple
            aria-label="Add photos"
            tabIndex={-1}
            onChange={(e) => {
              const chosen = e.currentTarget.files;
              if (chosen) setPhotos([...photos, ...Array.from(chosen).slice(0, Math.max(0, room))]);
              e.currentTarget.value = '';
            }}
          />
        </VisuallyHidden>
        <HStack gap="2" flexWrap="wrap">
          <Button type="button" size="sm" variant="outline" disabled={room <= 0} onClick={() => input.current?.click()}>
            <LuImagePlus aria-hidden="true" /> Add photos
          </Button>
          <Text fontSize="xs" color="fg.muted">
            {DISPUTE_PHOTO_HINT}
          </Text>
        </HStack>
        {answer.isError ? (
          <Text fontSize="sm" color="red.700" role="alert">
            {messageOr(answer.error, MESSAGES.disputes.statementFailed)}
          </Text>
        ) : null}
        {answer.isSuccess ? (
          <Text fontSize="sm" color="green.700" role="status">
            {MESSAGES.disputes.statementAdded}
          </Text>
        ) : null}
        <Button type="submit" size="sm" colorPalette="brand" alignSelf="flex-start" loading={answer.isPending} loadingText="Sending...">
          Send answer
        </Button>
      </Stack>
    </chakra.form>
  );
}

export function DisputeDialog({ sellerId, order, onClose }: { sellerId: string; order: Order | null; onClose: () => void }) {
  return (
    <Dialog.Root open={order !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            {order?.dispute ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>Dispute on order {order.orderCode}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <DisputeThread dispute={order.dispute} viewer="seller" headingLevel="h3" />
                    {order.dispute.status === 'open' ? <AnswerForm key={order.id} sellerId={sellerId} order={order} /> : null}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Close</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
