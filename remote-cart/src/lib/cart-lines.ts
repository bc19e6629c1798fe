/**
 * What the cart page and the checkout agree on about the cart the API
 * answered: which lines can be bought now, and the total of those in kobo.
 * The API charges what it finds at checkout; these rules only keep the page
 * from offering a checkout the API would refuse.
 */
import { koboToDecimalString, toKobo } from '@campus/shared/money';
import type { Cart, CartItem } from '@campus/shared/schemas';

/** 'out': the product went out of stock; 'above': fewer left than the line asks for. */
export type LineProblem = 'out' | 'above' | null;

export function lineProblem(item: CartItem): LineProblem {
  if (item.product.stockQuantity <= 0) return 'out';
  if (item.quantity > item.product.stockQuantity) return 'above';
  return null;
}

export function lineKobo(item: CartItem): number {
  return toKobo(item.product.price) * item.quantity;
}

const allItems = (cart: Cart): CartItem[] => cart.sellers.flatMap((group) => group.items);

export interface PayableTotals {
  /** Units of the lines that are in stock. */
  items: number;
  kobo: number;
  /** The API's numeric string of `kobo` ("12500.50"). */
  price: string;
  /** Lines marked out of stock or above stock: checkout waits until they are fixed. */
  problems: number;
}

/** The order summary: out-of-stock lines are left out of the total until removed. */
export function payableTotals(cart: Cart): PayableTotals {
  let items = 0;
  let kobo = 0;
  let problems = 0;
  for (const item of allItems(cart)) {
    const problem = lineProblem(item);
    if (problem) problems += 1;
    if (problem === 'out') continue;
    items += item.quantity;
    kobo += lineKobo(item);
  }
  return { items, kobo, price: koboToDecimalString(kobo), problems };
}
