/** The wishlist domain's public face: its routes. */
