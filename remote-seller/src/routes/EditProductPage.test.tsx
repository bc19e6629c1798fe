import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { categories, products, sellers } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, makeCategory, makeProduct, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import EditProductPage from './EditProductPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.ok(categories.listCategories, [makeCategory({ id: 'c-electronics', name: 'Electronics' })]);
});
afterEach(() => {
  api.restore();
  jest.useRealTimers();
});

const mine = makeProduct({
  id: 'p1',
  name: 'Calculator',
  description: 'Casio',
  price: '12500.50',
  stockQuantity: 5,
  categoryId: 'c-electronics',
  imageUrls: ['/uploads/a.webp', '/uploads/b.webp'],
  seller: { id: 'seller-1', catalogueName: 'Ada Gadgets' },
});

function open(options: { advanceTimers?: (ms: number) => void } = {}) {
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  renderWithProviders(
    <Routes>
      <Route path="/seller/products/edit/:productId" element={<EditProductPage />} />
      <Route path="/seller/products" element={<p>products list</p>} />
    </Routes>,
    { route: '/seller/products/edit/p1', session: 'seller' },
  );
  return user;
}

describe('Edit product', () => {
  it('loads, then shows the form with the current values and photos', async () => {
    api.ok(products.getProduct, mine);
    open();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Product name/ })).toHaveValue('Calculator');
    expect(screen.getByRole('textbox', { name: /Price/ })).toHaveValue('12,500.50');
    expect(screen.getByRole('spinbutton', { name: /Stock/ })).toHaveValue(5);
    expect(screen.getByRole('combobox', { name: /Condition/ })).toHaveValue('fairly-used');
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img')).toHaveLength(2);
  });

  it('keeps, removes and adds photos, updates, says "Product updated successfully!" and goes to the list 2 s later', async () => {
    jest.useFakeTimers();
    api.ok(products.getProduct, mine);
    api.ok(sellers.updateProduct, { ...mine, name: 'Casio calculator' });
    const user = open({ advanceTimers: jest.advanceTimersByTime });
    const name = await screen.findByRole('textbox', { name: /Product name/ });
    await user.clear(name);
    await user.type(name, 'Casio calculator');
    await user.selectOptions(screen.getByRole('combobox', { name: /Condition/ }), 'Used');
    await user.click(screen.getByRole('button', { name: 'Remove current photo 1' }));
    await user.upload(screen.getByLabelText('Add photos'), new File(['x'], 'new.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(MESSAGES.products.updated)).toBeInTheDocument();

    const form = api.calls(sellers.updateProduct)[0]?.body as FormData;
    expect(api.calls(sellers.updateProduct)[0]?.params).toEqual({ productId: 'p1' });
    expect(form.get('name')).toBe('Casio calculator');
    expect(form.get('price')).toBe('12500.50');
    expect(form.get('condition')).toBe('used');
    expect(form.getAll('imageUrls')).toEqual(['/uploads/b.webp']);
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['new.png']);

    act(() => jest.advanceTimersByTime(1900));
    expect(screen.queryByText('products list')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByText('products list')).toBeInTheDocument();
  });

  it('says "Please fill in all required fields" and sends nothing when a field is empty', async () => {
    api.ok(products.getProduct, mine);
    const user = open();
    await user.clear(await screen.findByRole('textbox', { name: /Description/ }));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(screen.getByText(MESSAGES.validation.fillAllRequiredFields)).toBeInTheDocument();
    expect(api.calls(sellers.updateProduct)).toHaveLength(0);
  });

  it('says "Failed to update product" when the update fails', async () => {
    api.ok(products.getProduct, mine);
    api.fail(sellers.updateProduct, 500);
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(MESSAGES.products.updateFailed)).toBeInTheDocument();
  });

  it('says "Failed to load product data" with Back to Products when the product cannot be read, or is not mine', async () => {
    api.fail(products.getProduct, 404, 'Product not found');
    open();
    expect(await screen.findByText(MESSAGES.products.editLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/seller/products');
  });

  it("refuses another store's product", async () => {
    api.ok(products.getProduct, { ...mine, seller: { id: 'seller-2', catalogueName: 'Other' } });
    open();
    expect(await screen.findByText(MESSAGES.products.editLoadFailed)).toBeInTheDocument();
  });
});
