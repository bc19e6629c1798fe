import { TextField, useContractForm } from '@campus/shared/form';
import { pickupDetailsSchema, type PickupDetails } from '@campus/shared/schemas';
import { Button, Dialog, Portal, Stack, Text } from '@campus/shared/ui';

export interface PickupDetailsDialogProps {
  open: boolean;
  initial: PickupDetails | null;
  submitLabel: string;
  onSubmit: (details: PickupDetails) => void;
  onClose: () => void;
}

const FIELDS = [
  { name: 'hostelName', label: 'Hostel name', autoComplete: 'address-line1' },
  { name: 'blockNumber', label: 'Block number', autoComplete: 'address-line2' },
  { name: 'roomNo', label: 'Room number', autoComplete: 'address-line3' },
] as const;

const EMPTY: PickupDetails = { hostelName: '', blockNumber: '', roomNo: '' };

/** Where the buyer collects (delivery is campus pickup): asked once, then remembered. */
export function PickupDetailsDialog({ open, initial, submitLabel, onSubmit, onClose }: PickupDetailsDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(pickupDetailsSchema, { defaultValues: initial ?? EMPTY });

  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={handleSubmit(onSubmit)} noValidate>
              <Dialog.Header>
                <Dialog.Title>Pickup details</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description asChild>
                    <Text color="fg.muted">Where will you collect your order? We remember this for your next checkout.</Text>
                  </Dialog.Description>
                  {FIELDS.map((field) => (
                    <TextField
                      key={field.name}
                      label={field.label}
                      required
                      requiredMark={false}
                      autoComplete={field.autoComplete}
                      error={errors[field.name]?.message}
                      {...register(field.name)}
                    />
                  ))}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer gap="2" flexWrap="wrap">
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand">
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
