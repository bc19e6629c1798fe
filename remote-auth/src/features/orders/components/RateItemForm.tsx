import { TextareaField, useContractForm, useWatch } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { ratingCreateBodySchema, type BuyerOrder } from '@campus/shared/schemas';
import { Box, Button, HStack, Stack, Text, chakra } from '@campus/shared/ui';
import { ratingError, useRateItem } from '../api/use-my-orders';

type OrderItem = BuyerOrder['orderItems'][number];

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Rate one item of a delivered order (1-5 stars and a review), once: after
 * that the API's answer carries the rating and the form gives way to it.
 * The stars are native radio buttons: arrow keys move between them.
 */
export function RateItemForm({ item }: { item: OrderItem }) {
  const rate = useRateItem();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useContractForm(ratingCreateBodySchema, { defaultValues: { rating: null as number | null, review: '' } });
  const stars = useWatch({ control, name: 'rating' });
  const name = `rating-${item.id}`;

  if (item.rating !== null) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="item-rating">
        You rated this {item.rating} out of 5.
      </Text>
    );
  }
  if (rate.isSuccess) {
    return (
      <Text fontSize="sm" color="green.700" role="status">
        {MESSAGES.ratings.added}
      </Text>
    );
  }

  const submit = handleSubmit(({ rating, review }) =>
    rate.mutate({ productId: item.product.id, body: { rating, review, orderItemId: item.id } }),
  );

  return (
    <Box as="form" onSubmit={submit} mt="2" p="3" borderWidth="1px" borderRadius="md" aria-label={`Rate ${item.product.name}`}>
      <Stack gap="2">
        <chakra.fieldset border="0" p="0" m="0">
          <chakra.legend fontSize="sm" fontWeight="semibold" mb="1">
            Your rating of {item.product.name}
          </chakra.legend>
          <HStack gap="1" flexWrap="wrap">
            {STARS.map((n) => (
              <chakra.label
                key={n}
                display="inline-flex"
                alignItems="center"
                gap="1"
                px="2"
                py="1"
                borderWidth="1px"
                borderRadius="md"
                cursor="pointer"
                bg={stars !== null && n <= stars ? 'yellow.100' : undefined}
                _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
              >
                <chakra.input
                  type="radio"
                  name={name}
                  value={n}
                  checked={stars === n}
                  onChange={() => setValue('rating', n, { shouldValidate: Boolean(errors.rating) })}
                  srOnly
                />
                <span aria-hidden="true">★</span>
                {n} {n === 1 ? 'star' : 'stars'}
              </chakra.label>
            ))}
          </HStack>
        </chakra.fieldset>
        {errors.rating ? (
          <Text fontSize="sm" color="red.700" role="alert">
            Choose 1 to 5 stars.
          </Text>
        ) : null}
        <TextareaField label="Review (optional)" small rows={2} maxLength={1000} error={errors.review?.message} {...register('review')} />
        {rate.isError ? (
          <Text fontSize="sm" color="red.700" role="alert">
            {ratingError(rate.error)}
          </Text>
        ) : null}
        <Button type="submit" size="sm" alignSelf="flex-start" colorPalette="brand" loading={rate.isPending} loadingText="Saving...">
          Submit rating
        </Button>
      </Stack>
    </Box>
  );
}
