import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { categories, sellers } from '@campus/shared/endpoints';
import { fakeApi, makeCategory, makeProduct, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { PHOTO_HINT } from '../features/products/components/PhotoPicker';
import AddProductPage from './AddProductPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.ok(categories.listCategories, [
    makeCategory({ id: 'c-books', name: 'Books' }),
    makeCategory({ id: 'c-electronics', name: 'Electronics' }),
  ]);
});
afterEach(() => api.restore());

const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

function open() {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/seller/products/add" element={<AddProductPage />} />
      <Route path="/seller/products" element={<p>products list</p>} />
    </Routes>,
    { route: '/seller/products/add', session: 'seller' },
  );
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, photos = [png('front.png'), png('back.png')]) {
  await user.upload(screen.getByLabelText('Add photos'), photos);
  await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'Casio calculator');
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Exam ready');
  await user.selectOptions(await screen.findByRole('combobox', { name: /Category/ }), 'Electronics');
  await user.type(screen.getByRole('textbox', { name: /Price/ }), '12500.555');
  await user.type(screen.getByRole('spinbutton', { name: /Stock quantity/ }), '5');
}

describe('Add product', () => {
  it('types the price as a formatted amount and keeps Next disabled until every field and a photo are there', async () => {
    const user = open();
    expect(screen.getByText(PHOTO_HINT)).toBeInTheDocument();
    await fill(user, []);
    expect(screen.getByRole('textbox', { name: /Price/ })).toHaveValue('12,500.55');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Add photos'), png('front.png'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('takes at most 4 photos, shows previews, and removes one', async () => {
    const user = open();
    await user.upload(screen.getByLabelText('Add photos'), [png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png')]);
    const photos = within(screen.getByRole('list', { name: 'Photos' }));
    expect(photos.getAllByRole('img')).toHaveLength(4);
    // Titled as a group; no <label> on the page is left without the control it names.
    expect(screen.getByRole('group', { name: 'Photos' })).toContainElement(screen.getByRole('button', { name: 'Add photos' }));
    const orphanLabels = [...document.querySelectorAll('label')].filter((label) => !label.control);
    expect(orphanLabels.map((label) => label.textContent)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeDisabled();
    await user.click(photos.getByRole('button', { name: 'Remove b.png' }));
    expect(photos.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['New photo a.png', 'New photo c.png', 'New photo d.png']);
  });

  it('previews the product (stock in units, condition, the store name), goes back to edit, and publishes with upload progress', async () => {
    let progress: (loaded: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    api.on(
      sellers.createProduct,
      (request) =>
        new Promise((resolve) => {
          progress = (loaded) => request.onUploadProgress?.({ loaded, total: 100 });
          finish = () => resolve({ status: 201, body: { data: makeProduct({ id: 'new-1' }) } });
        }),
    );
    const user = open();
    await fill(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Condition/ }), 'Fairly used');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const preview = within(screen.getByTestId('product-preview'));
    expect(preview.getByText('Condition: Fairly used')).toBeInTheDocument();
    expect(preview.getByText('₦12,500.55')).toBeInTheDocument();
    expect(preview.getByText('Casio calculator')).toBeInTheDocument();
    expect(preview.getByText('Exam ready')).toBeInTheDocument();
    expect(preview.getByText('5 units in stock')).toBeInTheDocument();
    expect(preview.getByText('Sold by Ada Gadgets')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Edit' }));
    expect(screen.getByRole('textbox', { name: /Product name/ })).toHaveValue('Casio calculator');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const request = api.calls(sellers.createProduct)[0];
    expect(request?.params).toEqual({ id: 'seller-1' });
    expect(request?.timeout).toBe(30_000);
    const form = request?.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      name: 'Casio calculator',
      description: 'Exam ready',
      categoryId: 'c-electronics',
      price: '12500.55',
      stockQuantity: '5',
      condition: 'fairly-used',
    });
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['front.png', 'back.png']);

    progress(40);
    expect(await screen.findByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute('aria-valuenow', '40');
    progress(100);
    expect(await screen.findByText('Photos uploaded, saving…')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('products list')).toBeInTheDocument();
  });

  it('shows the API reason when publishing fails and stays on the preview', async () => {
    api.fail(sellers.createProduct, 400, 'front.png is not an image. Please upload JPG, PNG or WebP photos.');
    const user = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('front.png is not an image. Please upload JPG, PNG or WebP photos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});
