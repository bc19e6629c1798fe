import { wishlist } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';
import { fakeApi, makeProduct, makeWishlistEntry, renderWithProviders } from '@campus/shared/testing';
import { act, waitFor } from '@testing-library/react';
import { useWishlistHeart } from './use-wishlist-heart';

type Heart = ReturnType<typeof useWishlistHeart>;

function HeartProbe({ seen }: { seen: Heart[] }) {
  seen.push(useWishlistHeart('p1'));
  return null;
}

describe('useWishlistHeart', () => {
  // Like the cart buttons (use-cart-line.test.tsx): a wishlist answer that leaves this product as it
  // was hands its memoised heart the same toggle, so the heart is not drawn again.
  it('keeps the toggle when the wishlist changes for another product, and not when it changes for this one', async () => {
    fakeApi().ok(wishlist.getWishlist, [makeWishlistEntry(makeProduct({ id: 'p1' }))]);
    const seen: Heart[] = [];
    const { queryClient } = renderWithProviders(<HeartProbe seen={seen} />, { session: 'user' });
    await waitFor(() => expect(seen.at(-1)?.loading).toBe(false));
    const settled = seen.at(-1)!;
    expect(settled.inList).toBe(true);

    const rendersBefore = seen.length;
    act(() => {
      queryClient.setQueryData(queryKeys.wishlist.all(), [
        makeWishlistEntry(makeProduct({ id: 'p1' })),
        makeWishlistEntry(makeProduct({ id: 'p2' })),
      ]);
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(rendersBefore));
    expect(seen.at(-1)!.toggle).toBe(settled.toggle);

    act(() => {
      queryClient.setQueryData(queryKeys.wishlist.all(), [makeWishlistEntry(makeProduct({ id: 'p2' }))]);
    });
    await waitFor(() => expect(seen.at(-1)?.inList).toBe(false));
    expect(seen.at(-1)!.toggle).not.toBe(settled.toggle);
  });
});
