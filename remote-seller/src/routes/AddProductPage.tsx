/**
 * /seller/products/add (spec sections 2, 4, 5): step 1, the photos (up to 4)
 * and the fields, with Next only when everything is filled and a photo is
 * attached; step 2, the preview (price, name, description, stock in units,
 * the store's name or 'Your Store') with Publish and Back to Edit. Publishing
 * sends the multipart product (30 s timeout) and shows the photos' upload
 * progress; success goes to /seller/products.
 */
import { messageOr } from '@campus/shared/api-client';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sellers } from '@campus/shared/endpoints';
import { FormStack, useContractForm, useWatch } from '@campus/shared/form';
import { Box, Button, ErrorPanel, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@campus/shared/ui';
import { sellerScreen } from '../components/SellerPage';
import { naira } from '../lib/format';
import { useStoreName } from '../lib/seller-session';
import { useCreateProduct } from '../features/products/api/use-seller-products';
import { PhotoPicker } from '../features/products/components/PhotoPicker';
import { draftFields, draftFilled, EMPTY_DRAFT, ProductFields, type ProductDraft } from '../features/products/components/ProductFields';
import { UploadProgress } from '../features/products/components/UploadProgress';
import { href } from '@campus/shared/federation';
import { conditionLabel, isProductCondition } from '@campus/shared/constants';

export const PUBLISH_FAILED = 'The product could not be published. Please try again.';

function PreviewPhotos({ files }: { files: readonly File[] }) {
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2" mb="3">
      {previews.map((src, i) => (
        <Image key={src} src={src} alt={`Photo ${i + 1}`} aspectRatio="1" objectFit="cover" borderRadius="md" />
      ))}
    </SimpleGrid>
  );
}

function AddProduct({ sellerId }: { sellerId: string }) {
  const navigate = useNavigate();
  const storeName = useStoreName();
  const [step, setStep] = useState<'form' | 'preview'>('form');
  const {
    register,
    setValue,
    control,
    handleSubmit,
    formState: { errors },
  } = useContractForm(sellers.createProduct.multipart.fields, { defaultValues: EMPTY_DRAFT });
  const draft: ProductDraft = { ...EMPTY_DRAFT, ...useWatch({ control }) };
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const ready = draftFilled(draft) && files.length > 0;

  const publish = useCreateProduct(sellerId, {
    upload: () => ({ fields: draftFields(draft), files: { files } }),
    onProgress: setProgress,
    onCreated: () => navigate(href('products')),
    onError: () => setProgress(null),
  });

  if (step === 'form') {
    return (
      <FormStack
        onSubmit={handleSubmit(() => {
          if (ready) setStep('preview');
        })}
        maxW="2xl"
      >
        <PhotoPicker kept={[]} files={files} onKeptChange={() => undefined} onFilesChange={setFiles} />
        <ProductFields register={register} setValue={setValue} values={draft} errors={errors} />
        {!ready ? (
          <Text fontSize="sm" color="fg.muted">
            Fill in every field and add at least one photo to continue.
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-end" disabled={!ready}>
          Next
        </Button>
      </FormStack>
    );
  }

  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h2" size="md">
        Preview
      </Heading>
      <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="product-preview">
        <PreviewPhotos files={files} />
        <Text fontSize="2xl" fontWeight="bold">
          {naira(draftFields(draft).price)}
        </Text>
        <Text fontSize="lg" fontWeight="semibold">
          {draft.name}
        </Text>
        <Text color="fg.muted" whiteSpace="pre-line">
          {draft.description}
        </Text>
        <Text fontSize="sm" mt="2">
          {draft.stockQuantity} units in stock
        </Text>
        {isProductCondition(draft.condition) ? <Text fontSize="sm">Condition: {conditionLabel(draft.condition)}</Text> : null}
        <Text fontSize="sm" color="fg.muted">
          Sold by {storeName || 'Your Store'}
        </Text>
      </Box>
      {publish.isError ? <ErrorPanel message={messageOr(publish.error, PUBLISH_FAILED)} /> : null}
      {progress !== null ? <UploadProgress fraction={progress} /> : null}
      <HStack justify="space-between">
        <Button variant="outline" onClick={() => setStep('form')} disabled={publish.isPending}>
          Back to Edit
        </Button>
        <Button colorPalette="brand" onClick={() => publish.mutate()} loading={publish.isPending} loadingText="Publishing...">
          Publish
        </Button>
      </HStack>
    </Stack>
  );
}

export default sellerScreen('addProduct', AddProduct);
