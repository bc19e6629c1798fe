/** DELETE /wishlist/remove/{productId}: the shared call, whose spec rule (a 400 "not in your wishlist" is success) the wishlist page uses too. */
export { removeFromWishlist } from '@campus/shared/queries';
