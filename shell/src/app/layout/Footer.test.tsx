import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { Footer, FOOTER_TAGLINE, NEWSLETTER_THANKS } from './Footer';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

const emailBox = () => screen.getByRole('textbox', { name: /campus deals/i });

describe('Footer', () => {
  it('shows the tagline and a Become a seller link to onboarding', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText(FOOTER_TAGLINE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a seller' })).toHaveAttribute('href', '/seller/onboarding');
  });

  it('has a required e-mail field', () => {
    renderWithProviders(<Footer />);
    expect(emailBox()).toBeRequired();
    expect(emailBox()).toHaveAttribute('type', 'email');
  });

  it('clears the box on submit, says thanks and sends nothing', async () => {
    // jsdom has no fetch: install a spy for this test and put the global back after.
    const fetchSpy = jest.fn();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
    Object.defineProperty(globalThis, 'fetch', { value: fetchSpy, configurable: true, writable: true });
    renderWithProviders(<Footer />);
    await userEvent.type(emailBox(), 'ada@students.example.edu');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(emailBox()).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(NEWSLETTER_THANKS);
    expect(api.requests).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    if (original) Object.defineProperty(globalThis, 'fetch', original);
    else Reflect.deleteProperty(globalThis, 'fetch');
  });

  it('does not accept an empty or malformed address', async () => {
    renderWithProviders(<Footer />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.type(emailBox(), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(emailBox()).toHaveValue('not-an-email');
    expect(screen.getByRole('status')).not.toHaveTextContent(NEWSLETTER_THANKS);
  });

  it('submits with the Enter key', async () => {
    renderWithProviders(<Footer />);
    await userEvent.type(emailBox(), 'ada@students.example.edu{Enter}');
    expect(emailBox()).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(NEWSLETTER_THANKS);
  });
});
