import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { orders, products } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, makeProduct, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import ProductDetailsPage from './ProductDetailsPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.ok(orders.getSellerSales, { revenue: '0.00', orderCount: 0, customerCount: 0, products: [{ productId: 'p1', unitsSold: 3 }] });
});
afterEach(() => api.restore());

const open = () =>
  renderWithProviders(
    <Routes>
      <Route path="/seller/products/:id" element={<ProductDetailsPage />} />
    </Routes>,
    { route: '/seller/products/p1', session: 'seller' },
  );

describe('Seller product details', () => {
  it('shows the product with its status, stock, real sales and an Edit link', async () => {
    api.ok(
      products.getProduct,
      makeProduct({
        id: 'p1',
        name: 'Calculator',
        stockQuantity: 4,
        slug: 'calculator-p1',
        seller: { id: 'seller-1', catalogueName: 'Ada Gadgets' },
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Calculator' })).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(await screen.findByText(/4 in stock · 3 sold/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/seller/products/edit/p1');
    expect(screen.getByRole('link', { name: 'See it in the marketplace' })).toHaveAttribute('href', '/product/calculator-p1');
  });

  it('says "Failed to load product details" when it cannot be read', async () => {
    api.fail(products.getProduct, 404);
    open();
    expect(await screen.findByText(MESSAGES.products.detailFailed)).toBeInTheDocument();
  });
});
