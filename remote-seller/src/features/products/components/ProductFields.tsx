/**
 * The product's text fields, shared by Add and Edit (spec section 5): name,
 * description, category, price typed as a formatted amount (digits, one dot,
 * 2 decimals, thousands separators), stock from 0, and the condition (new,
 * fairly used, used: optional, a service has none).
 */
import type { ChangeEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SelectField, TextField, TextareaField, type FieldErrors, type UseFormRegister, type UseFormSetValue } from '@campus/shared/form';
import { PRODUCT_CONDITIONS } from '@campus/shared/constants';
import { formatPriceInput } from '@campus/shared/money';
import { categoriesQuery } from '@campus/shared/queries';
import { Field, Input, InputGroup, SimpleGrid, Stack } from '@campus/shared/ui';

export interface ProductDraft {
  name: string;
  description: string;
  categoryId: string;
  /** As typed and shown: "12,500.50". */
  price: string;
  stockQuantity: string;
  /** A PRODUCT_CONDITIONS id, or '' when not said. */
  condition: string;
}

export const EMPTY_DRAFT: ProductDraft = { name: '', description: '', categoryId: '', price: '', stockQuantity: '', condition: '' };

const CONDITION_OPTIONS = [
  { value: '', label: 'Choose the condition' },
  ...PRODUCT_CONDITIONS.map((c) => ({ value: c.id, label: c.label })),
];

/** Every field of spec section 4 has something in it (Next only then); the condition is ours and optional. */
export function draftFilled(draft: ProductDraft): boolean {
  const { condition: _optional, ...required } = draft;
  return (
    Object.values(required).every((v) => v.trim() !== '') &&
    /^\d+$/.test(draft.stockQuantity.trim()) &&
    Number(draft.price.replace(/,/g, '')) > 0
  );
}

/** The multipart text fields: the price without its separators, the condition only when chosen. */
export function draftFields(draft: ProductDraft): Omit<ProductDraft, 'condition'> & { condition?: string } {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    categoryId: draft.categoryId,
    price: draft.price.replace(/,/g, ''),
    stockQuantity: draft.stockQuantity.trim(),
    ...(draft.condition ? { condition: draft.condition } : {}),
  };
}

interface ProductFieldsProps {
  register: UseFormRegister<ProductDraft>;
  setValue: UseFormSetValue<ProductDraft>;
  /** The values as they are now: the category list arrives later than the form, so its choice is held by value. */
  values: ProductDraft;
  /** Each field's text, for a screen that shows them under the fields. */
  errors?: FieldErrors<ProductDraft>;
}

/** The product form's fields, registered with the screen's form (Add or Edit). */
export function ProductFields({ register, setValue, values, errors = {} }: ProductFieldsProps) {
  const categories = useQuery(categoriesQuery());
  // The price shows as a formatted amount and the stock as digits only, as they are typed.
  const price = register('price', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue('price', formatPriceInput(event.currentTarget.value)),
  });
  const stock = register('stockQuantity', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue('stockQuantity', event.currentTarget.value.replace(/\D/g, '')),
  });
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Stack gap="4">
      <TextField label="Product name" required error={errors.name?.message} maxLength={120} {...register('name')} />
      <TextareaField
        label="Description"
        required
        error={errors.description?.message}
        rows={4}
        maxLength={2000}
        {...register('description')}
      />
      <SelectField
        label="Category"
        required
        error={errors.categoryId?.message}
        options={[{ value: '', label: categories.isPending ? 'Loading categories…' : 'Select a category' }, ...categoryOptions]}
        {...register('categoryId')}
        value={values.categoryId}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root required invalid={Boolean(errors.price)}>
          <Field.Label>
            Price <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startElement="₦">
            <Input inputMode="decimal" placeholder="0.00" {...price} />
          </InputGroup>
          {errors.price ? <Field.ErrorText aria-live="polite">{errors.price.message}</Field.ErrorText> : null}
        </Field.Root>
        <TextField
          label="Stock quantity"
          required
          error={errors.stockQuantity?.message}
          inputMode="numeric"
          type="number"
          min={0}
          {...stock}
        />
      </SimpleGrid>
      <SelectField
        label="Condition"
        helperText="Buyers ask this first. Leave it for a service."
        error={errors.condition?.message}
        options={CONDITION_OPTIONS}
        {...register('condition')}
        value={values.condition}
      />
    </Stack>
  );
}
