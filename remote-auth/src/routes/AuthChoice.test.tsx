import { TEST_UNIVERSITY, renderApp, setupApi } from '../test/render';
import { screen } from '@testing-library/react';

beforeEach(setupApi);

describe('/auth', () => {
  it('offers Sign In and Sign Up beside the hero panel', () => {
    renderApp('/auth');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('complementary')).toHaveTextContent(`For students of ${TEST_UNIVERSITY}`);
    expect(screen.getByRole('complementary')).toHaveTextContent('Accounts are verified by university e-mail');
    // Only /verify carries the hero image.
    expect(screen.queryByTestId('verify-hero-image')).not.toBeInTheDocument();
  });

  it('replaces the previous page title', () => {
    document.title = 'Desk lamp · Campus Marketplace';
    renderApp('/auth');
    expect(document.title).toBe('Sign In or Sign Up · Campus Marketplace');
  });
});
