import type { ReactNode } from 'react';

/** What a card's buy buttons need to know of its product. */
export interface BuyableProduct {
  productId: string;
  productName: string;
  stockQuantity: number;
}

/**
 * Draws a card's buy buttons (cart stepper, wishlist heart). The cards are features' and the buttons
 * are two other features, so the screen in src/routes that shows the cards hands them this.
 */
export type RenderActions = (product: BuyableProduct) => ReactNode;
