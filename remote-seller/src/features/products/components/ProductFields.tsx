/**
 * The product's text fields, shared by Add and Edit (spec section 5): name,
 * description, category, price typed as a formatted amount (digits, one dot,
 * 2 decimals, thousands separators) and stock from 0.
 */
import type { ChangeEvent } from 'react';
import { formatPriceInput } from '@campus/shared/money';
import { Field, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Textarea } from '@campus/shared/ui';
import { useCategories } from '../api/use-seller-products';

export interface ProductDraft {
  name: string;
  description: string;
  categoryId: string;
  /** As typed and shown: "12,500.50". */
  price: string;
  stockQuantity: string;
}

export const EMPTY_DRAFT: ProductDraft = { name: '', description: '', categoryId: '', price: '', stockQuantity: '' };

/** Every field has something in it (spec section 4: Next only then). */
export function draftFilled(draft: ProductDraft): boolean {
  return Object.values(draft).every((v) => v.trim() !== '') && /^\d+$/.test(draft.stockQuantity.trim()) && Number(draft.price.replace(/,/g, '')) > 0;
}

/** The multipart text fields: the price without its separators. */
export function draftFields(draft: ProductDraft): Record<string, string> {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    categoryId: draft.categoryId,
    price: draft.price.replace(/,/g, ''),
    stockQuantity: draft.stockQuantity.trim(),
  };
}

export function ProductFields({ draft, onChange }: { draft: ProductDraft; onChange: (draft: ProductDraft) => void }) {
  const categories = useCategories();
  const set = (name: keyof ProductDraft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const raw = event.currentTarget.value;
    const value = name === 'price' ? formatPriceInput(raw) : name === 'stockQuantity' ? raw.replace(/\D/g, '') : raw;
    onChange({ ...draft, [name]: value });
  };
  return (
    <Stack gap="4">
      <Field.Root required>
        <Field.Label>
          Product name <Field.RequiredIndicator />
        </Field.Label>
        <Input value={draft.name} onChange={set('name')} maxLength={120} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          Description <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={draft.description} onChange={set('description')} rows={4} maxLength={2000} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          Category <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={draft.categoryId} onChange={set('categoryId')}>
            <option value="">{categories.isPending ? 'Loading categories…' : 'Select a category'}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root required>
          <Field.Label>
            Price <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startElement="₦">
            <Input value={draft.price} onChange={set('price')} inputMode="decimal" placeholder="0.00" />
          </InputGroup>
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Stock quantity <Field.RequiredIndicator />
          </Field.Label>
          <Input value={draft.stockQuantity} onChange={set('stockQuantity')} inputMode="numeric" type="number" min={0} />
        </Field.Root>
      </SimpleGrid>
    </Stack>
  );
}
