import { labelInNameMismatches, renderWithProviders } from '@campus/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShareButton, whatsAppHref } from './ShareButton';

const props = {
  path: '/product/desk-lamp',
  title: 'Desk lamp',
  text: 'Desk lamp, ₦12,500.00 on Campus Marketplace:',
  what: 'product',
} as const;
const LINK = `${window.location.origin}/product/desk-lamp`;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('ShareButton', () => {
  it("opens the phone's share sheet with the page's title, text and absolute link where there is one", async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { container } = renderWithProviders(<ShareButton {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share this product' }));
    expect(share).toHaveBeenCalledWith({ title: 'Desk lamp', text: props.text, url: LINK });
    // Nothing else opens: the sheet is the phone's.
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(labelInNameMismatches(container)).toEqual([]);
  });

  it('a share sheet closed by the student leaves the page as it was; one that fails offers the fallbacks', async () => {
    const share = jest.fn().mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    share.mockRejectedValueOnce(new DOMException('not allowed', 'NotAllowedError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithProviders(<ShareButton {...props} />);
    const button = screen.getByRole('button', { name: 'Share this product' });
    await userEvent.click(button);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toBeInTheDocument();
  });

  it('without a share sheet: a WhatsApp link with the text and link, and Copy link', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { container } = renderWithProviders(<ShareButton {...props} />);
    const button = screen.getByRole('button', { name: 'Share this product' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const whatsApp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${props.text} ${LINK}`)}`);
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(screen.getByRole('button', { name: /Copy link/ }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByRole('button', { name: /Link copied/ })).toBeInTheDocument();
    expect(labelInNameMismatches(container)).toEqual([]);
  });

  it('a refused clipboard shows the link to copy by hand', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<ShareButton {...props} />);
    await user.click(screen.getByRole('button', { name: 'Share this product' }));
    await user.click(screen.getByRole('button', { name: /Copy link/ }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Copy this link: ${LINK}`);
  });

  it('encodes the text for the WhatsApp link', () => {
    expect(whatsAppHref('Lamp & "XL" #1', 'https://m.test/p?a=1&b=2')).toBe(
      'https://wa.me/?text=Lamp%20%26%20%22XL%22%20%231%20https%3A%2F%2Fm.test%2Fp%3Fa%3D1%26b%3D2',
    );
  });
});
