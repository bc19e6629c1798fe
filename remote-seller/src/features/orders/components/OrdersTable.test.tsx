import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import type { AppEvents } from '@campus/shared/events';
import type { Dispute, SellerOrder } from '@campus/shared/schemas';
import { fakeApi, labelInNameMismatches, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { showLayout } from '../../../test/layout';
import { makeOrder } from '../../../test/fixtures';
import { OrdersTable } from './OrdersTable';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

const order = (id: string, status: SellerOrder['orderStatus'], extra: Partial<SellerOrder> = {}): SellerOrder => ({
  ...makeOrder({ id, orderCode: `ORD-${id}`, orderStatus: status, userId: `0b968825-${id}-uuid` }),
  buyerFirstName: 'Amaka',
  ...extra,
});

const dispute: Dispute = {
  id: 'd-1',
  status: 'open',
  reason: 'Broken.',
  openedAt: '2026-12-04T10:00:00.000Z',
  decidedAt: null,
  refunded: null,
  decisionNote: null,
  statements: [],
};

const list: SellerOrder[] = [
  order('p', 'PENDING'),
  order('c', 'CONFIRMED'),
  order('r', 'PROCESSING'),
  order('d', 'DELIVERED'),
  order('x', 'CANCELLED'),
  order('q', 'CONFIRMED', { dispute }),
];

/** The words on the card's buttons and links, in order. */
const cardActions = (id: string) =>
  within(screen.getByTestId(`order-card-${id}`))
    .getAllByRole('button')
    .concat(within(screen.getByTestId(`order-card-${id}`)).getAllByRole('link'))
    .map((el) => el.textContent?.trim());

function renderCards(shown: SellerOrder[] = list, actions = true) {
  showLayout('cards');
  const user = userEvent.setup();
  renderWithProviders(<OrdersTable sellerId="seller-1" orders={shown} actions={actions} />, { session: 'seller' });
  return user;
}

describe('Orders on a phone: a card per order', () => {
  it("each card holds the order's allowed actions, and only those", () => {
    renderCards();
    expect(cardActions('p')).toEqual(['Confirm', 'Accept', 'Cancel', 'View', 'Message buyer']);
    expect(cardActions('c')).toEqual(['Process', 'Accept', 'Cancel', 'View', 'Message buyer']);
    expect(cardActions('r')).toEqual(['Accept', 'Cancel', 'View', 'Message buyer']);
    expect(cardActions('d')).toEqual(['View', 'Message buyer']);
    expect(cardActions('x')).toEqual(['View', 'Message buyer']);
    // An open dispute: no move, only the dispute (and View, Message buyer).
    expect(cardActions('q')).toEqual(['Answer dispute', 'View', 'Message buyer']);
    expect(within(screen.getByTestId('order-card-q')).getByTestId('dispute-badge')).toHaveTextContent('In dispute');
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('shows the code, the buyer by first name with the pickup, the items, status, total and date; no id', () => {
    renderCards([order('p', 'PENDING')]);
    const card = screen.getByTestId('order-card-p');
    expect(card).toHaveTextContent('ORD-p');
    expect(card).toHaveTextContent('Amaka · Moremi Hall, Block B, Room 12');
    expect(card).toHaveTextContent('Casio calculator × 2');
    expect(card).toHaveTextContent('PENDING');
    expect(card).toHaveTextContent('₦12,500.00');
    expect(card).toHaveTextContent('20 Nov 2026');
    expect(card).not.toHaveTextContent('0b968825');
  });

  it('finds exactly one button per action by its name: the table is display:none beside the cards', () => {
    renderCards();
    expect(screen.getAllByRole('button', { name: 'Confirm order ORD-p' })).toHaveLength(1);
    expect(within(screen.getByTestId('order-card-p')).getByRole('button', { name: 'Confirm order ORD-p' })).toBeVisible();
    expect(screen.getByTestId('order-p')).not.toBeVisible();
  });

  it("the card's buttons are at least 44 px square (Chakra's size 11)", () => {
    renderCards([order('p', 'PENDING')]);
    const card = within(screen.getByTestId('order-card-p'));
    for (const control of [...card.getAllByRole('button'), card.getByRole('link')]) {
      const style = getComputedStyle(control);
      expect([control.textContent, style.minHeight, style.minWidth]).toEqual([
        control.textContent,
        'var(--chakra-sizes-11)',
        'var(--chakra-sizes-11)',
      ]);
    }
  });

  it('Accept on a card asks for Accept Order with that order picked; Cancel asks first', async () => {
    const requests: AppEvents['order:completion-requested'][] = [];
    const off = eventBus.on('order:completion-requested', (request) => requests.push(request));
    try {
      api.ok(orders.updateOrderStatus, { ...order('c', 'CONFIRMED'), orderStatus: 'CANCELLED' });
      const user = renderCards([order('c', 'CONFIRMED')]);
      const card = within(screen.getByTestId('order-card-c'));
      await user.click(card.getByRole('button', { name: 'Accept order ORD-c' }));
      expect(requests).toEqual([{ order: { id: 'c', orderCode: 'ORD-c', buyerFirstName: 'Amaka' } }]);
      await user.click(card.getByRole('button', { name: 'Cancel order ORD-c' }));
      const confirm = within(await screen.findByRole('alertdialog'));
      expect(api.calls(orders.updateOrderStatus)).toHaveLength(0);
      await user.click(confirm.getByRole('button', { name: 'Cancel and refund' }));
      await waitFor(() => expect(api.calls(orders.updateOrderStatus)[0]?.body).toEqual({ orderStatus: 'CANCELLED' }));
    } finally {
      off();
    }
  });

  it('without actions (the dashboard) the cards hold none', () => {
    renderCards([order('p', 'PENDING')], false);
    expect(within(screen.getByTestId('order-card-p')).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('Orders from md up: the table', () => {
  it('draws the same actions as the cards, in a column that wraps them', () => {
    renderWithProviders(<OrdersTable sellerId="seller-1" orders={list} />, { session: 'seller' });
    const row = (id: string) =>
      within(screen.getByTestId(`order-${id}`))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(row('p')).toEqual(['Confirm', 'Accept', 'Cancel', 'View']);
    expect(row('q')).toEqual(['Answer dispute', 'View']);
    // The actions wrap inside a 14rem box, so the Actions column stays on screen at 1366 px.
    const box = within(screen.getByTestId('order-p')).getByRole('button', { name: 'Confirm order ORD-p' }).parentElement;
    expect(box && getComputedStyle(box).maxWidth).toBe('var(--chakra-sizes-56)');
    expect(box && getComputedStyle(box).flexWrap).toBe('wrap');
    expect(screen.getByTestId('order-card-p')).not.toBeVisible();
    expect(within(screen.getByTestId('order-p')).getByText('Amaka')).toBeInTheDocument();
    expect(screen.getByTestId('order-p')).not.toHaveTextContent('0b968825');
  });

  it('switches by CSS at md, not by script: the cards hide from 48rem, the table below it', () => {
    renderWithProviders(<OrdersTable sellerId="seller-1" orders={list} />, { session: 'seller' });
    // Chakra's rules, as emotion inserted them: the element's class hidden inside a media query.
    const mediaRules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((r) => r instanceof CSSMediaRule);
    const hiddenAt = (el: Element, media: RegExp) =>
      mediaRules.some(
        (rule) =>
          media.test(rule.conditionText) &&
          [...rule.cssRules].some(
            (inner) =>
              inner instanceof CSSStyleRule &&
              [...el.classList].some((c) => inner.selectorText === `.${c}`) &&
              inner.style.getPropertyValue('display') === 'none',
          ),
      );
    const cards = document.querySelector('[data-layout="cards"]');
    const table = document.querySelector('[data-layout="table"]');
    expect(cards && hiddenAt(cards, /^screen and \(min-width: 48rem\)$/)).toBe(true);
    expect(table && hiddenAt(table, /^screen and \(max-width: 47\.99\d*rem\)$/)).toBe(true);
  });
});
