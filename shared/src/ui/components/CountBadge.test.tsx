import { render, screen } from '@testing-library/react';
import { DesignSystemProvider } from '../provider';
import { CountBadge, formatBadgeCount } from './CountBadge';

describe('formatBadgeCount (spec section 9: cap 99+)', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i reads %s', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });
});

describe('CountBadge', () => {
  const renderBadge = (count: number) =>
    render(
      <DesignSystemProvider>
        <CountBadge count={count} label="items in cart" />
      </DesignSystemProvider>,
    );

  it('shows 99+ above the cap', () => {
    renderBadge(250);
    expect(screen.getByTestId('count-badge')).toHaveTextContent(/^99\+$/);
    expect(screen.getByLabelText('99+ items in cart')).toBeInTheDocument();
  });

  it('shows the number at or below the cap', () => {
    renderBadge(99);
    expect(screen.getByTestId('count-badge')).toHaveTextContent(/^99$/);
  });

  it('renders nothing at zero', () => {
    renderBadge(0);
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });
});
