import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DesignSystemProvider } from '@campus/shared/ui';
import SellerApp from './App';

function renderAt(path: string) {
  return render(
    <DesignSystemProvider>
      <MemoryRouter initialEntries={[path]}>
        <SellerApp />
      </MemoryRouter>
    </DesignSystemProvider>,
  );
}

describe('seller remote routes', () => {
  it.each([
    ['/seller/onboarding', 'Become a seller'],
    ['/seller/dashboard', 'Dashboard'],
    ['/seller/products/add', 'Add Product'],
    ['/seller/products/edit/p-1', 'Edit Product'],
    ['/seller/products/p-1', 'Product Details'],
    ['/seller/settings', 'Settings'],
  ])('%s shows %s as a screen being built', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('This part of the marketplace is being built.')).toBeInTheDocument();
  });

  it('leaves a public catalogue path to the marketplace remote', () => {
    // react-router warns "No routes matched": expected, the shell routes only owned paths here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderAt('/seller/s-1/catalogue');
    expect(container.querySelector('h1')).toBeNull();
    warn.mockRestore();
  });
});
