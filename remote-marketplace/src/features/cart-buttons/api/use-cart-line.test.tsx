import { cart } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';
import { fakeApi, makeCart, renderWithProviders } from '@campus/shared/testing';
import { act, waitFor } from '@testing-library/react';
import { useCartLine } from './use-cart-line';

type Line = ReturnType<typeof useCartLine>;

function LineProbe({ seen }: { seen: Line[] }) {
  seen.push(useCartLine('p1'));
  return null;
}

describe('useCartLine', () => {
  // A page of cards holds many buttons, each a memoised view of its line: a cart answer that leaves a
  // line as it was must hand that button the same values and actions, or every button is drawn again.
  it("keeps a line's item and actions when the cart changes elsewhere", async () => {
    fakeApi().ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    const seen: Line[] = [];
    const { queryClient } = renderWithProviders(<LineProbe seen={seen} />, { session: 'user' });
    await waitFor(() => expect(seen.at(-1)?.loading).toBe(false));
    const settled = seen.at(-1)!;
    expect(settled.item?.quantity).toBe(1);

    const rendersBefore = seen.length;
    act(() => {
      queryClient.setQueryData(
        queryKeys.cart.all(),
        makeCart([
          { id: 'i1', productId: 'p1', quantity: 1 },
          { id: 'i2', productId: 'p2', quantity: 3 },
        ]),
      );
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(rendersBefore));
    const after = seen.at(-1)!;
    expect(after.item).toBe(settled.item);
    expect(after.add).toBe(settled.add);
    expect(after.setQuantity).toBe(settled.setQuantity);
  });

  it('gives new values once the line itself changes', async () => {
    fakeApi().ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    const seen: Line[] = [];
    const { queryClient } = renderWithProviders(<LineProbe seen={seen} />, { session: 'user' });
    await waitFor(() => expect(seen.at(-1)?.loading).toBe(false));
    const settled = seen.at(-1)!;
    act(() => {
      queryClient.setQueryData(queryKeys.cart.all(), makeCart([{ id: 'i1', productId: 'p1', quantity: 2 }]));
    });
    await waitFor(() => expect(seen.at(-1)?.item?.quantity).toBe(2));
    expect(seen.at(-1)!.setQuantity).not.toBe(settled.setQuantity);
  });
});
