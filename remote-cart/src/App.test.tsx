import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DesignSystemProvider } from '@campus/shared/ui';
import CartApp, { CART_SCREENS } from './App';

function renderAt(path: string) {
  return render(
    <DesignSystemProvider>
      <MemoryRouter initialEntries={[path]}>
        <CartApp />
      </MemoryRouter>
    </DesignSystemProvider>,
  );
}

describe('cart remote routes', () => {
  it.each(CART_SCREENS.map((s) => [s.path, s.title]))('%s names its screen and claims nothing more', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('This part of the marketplace is being built.')).toBeInTheDocument();
  });

  it('renders nothing for paths it does not own (the shell decides those)', () => {
    // react-router warns "No routes matched": expected, the shell routes only owned paths here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderAt('/marketplace');
    expect(container.querySelector('h1')).toBeNull();
    warn.mockRestore();
  });
});
