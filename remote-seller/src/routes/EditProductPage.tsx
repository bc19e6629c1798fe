/**
 * /seller/products/edit/{productId} (spec sections 2, 5, 8): loading, then
 * the form with the current photos (keep, remove, add up to 4 in all);
 * 'Please fill in all required fields'; Update Product; 'Product updated
 * successfully!' and /seller/products 2 s later. 'Failed to load product
 * data' with Back to Products when the product cannot be read.
 */
import { messageOr } from '@campus/shared/api-client';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LuArrowLeft } from 'react-icons/lu';
import { REDIRECT_AFTER_EDIT_PRODUCT_MS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { formatPriceInput } from '@campus/shared/money';
import { sellers } from '@campus/shared/endpoints';
import { FormStack, useContractForm, useWatch } from '@campus/shared/form';
import type { Product } from '@campus/shared/schemas';
import { Alert, Button, ErrorPanel, PageSpinner, Stack } from '@campus/shared/ui';
import { sellerScreen } from '../components/SellerPage';
import { useSellerProduct, useUpdateProduct } from '../features/products/api/use-seller-products';
import { PhotoPicker } from '../features/products/components/PhotoPicker';
import { draftFields, draftFilled, ProductFields, type ProductDraft } from '../features/products/components/ProductFields';
import { UploadProgress } from '../features/products/components/UploadProgress';
import { href } from '@campus/shared/federation';

function BackToProducts() {
  return (
    <Button asChild size="sm" variant="outline">
      <RouterLink to={href('products')}>
        <LuArrowLeft aria-hidden="true" /> Back to Products
      </RouterLink>
    </Button>
  );
}

const draftOf = (p: Product): ProductDraft => ({
  name: p.name,
  description: p.description,
  categoryId: p.categoryId,
  price: formatPriceInput(p.price),
  stockQuantity: String(p.stockQuantity),
  condition: p.condition ?? '',
});

function EditForm({ sellerId, product }: { sellerId: string; product: Product }) {
  const navigate = useNavigate();
  const { register, setValue, control, handleSubmit } = useContractForm(sellers.updateProduct.multipart.fields, {
    defaultValues: draftOf(product),
  });
  const draft: ProductDraft = { ...draftOf(product), ...useWatch({ control }) };
  const [kept, setKept] = useState<string[]>(product.imageUrls);
  const [files, setFiles] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const save = useUpdateProduct(sellerId, product.id, {
    // The photos to keep, in order; new files are added after them (docs/api.md).
    upload: () => ({ fields: { ...draftFields(draft), imageUrls: kept }, files: { files } }),
    onProgress: () => (files.length > 0 ? setProgress : undefined),
    onError: () => setProgress(null),
  });

  useEffect(() => {
    if (!save.isSuccess) return;
    const timer = setTimeout(() => navigate(href('products')), REDIRECT_AFTER_EDIT_PRODUCT_MS);
    return () => clearTimeout(timer);
  }, [save.isSuccess, navigate]);

  const submit = handleSubmit(
    () => {
      if (!draftFilled(draft) || kept.length + files.length === 0) {
        setMissing(true);
        return;
      }
      setMissing(false);
      save.mutate();
    },
    () => setMissing(true),
  );

  return (
    <FormStack onSubmit={submit} maxW="2xl">
      {save.isSuccess ? (
        <Alert.Root status="success" role="status" borderRadius="md">
          <Alert.Indicator />
          <Alert.Title>{MESSAGES.products.updated}</Alert.Title>
        </Alert.Root>
      ) : null}
      {missing ? <ErrorPanel message={MESSAGES.validation.fillAllRequiredFields} /> : null}
      {save.isError ? <ErrorPanel message={MESSAGES.products.updateFailed} title={messageOr(save.error, '') || undefined} /> : null}
      <PhotoPicker kept={kept} files={files} onKeptChange={setKept} onFilesChange={setFiles} />
      <ProductFields register={register} setValue={setValue} values={draft} />
      {progress !== null && !save.isSuccess ? <UploadProgress fraction={progress} /> : null}
      <Stack direction="row" justify="space-between">
        <BackToProducts />
        <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Updating..." disabled={save.isSuccess}>
          Update Product
        </Button>
      </Stack>
    </FormStack>
  );
}

function EditProduct({ sellerId }: { sellerId: string }) {
  const { productId = '' } = useParams();
  const product = useSellerProduct(productId);
  if (product.isError || (product.data && product.data.seller.id !== sellerId)) {
    return <ErrorPanel message={MESSAGES.products.editLoadFailed} action={<BackToProducts />} />;
  }
  if (!product.data) return <PageSpinner label="Loading product" />;
  return <EditForm sellerId={sellerId} product={product.data} />;
}

export default sellerScreen('editProduct', EditProduct);
