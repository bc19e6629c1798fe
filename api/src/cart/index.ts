/** The cart domain's public face: its routes, and filling a student's cart (the demo seed shops as a student does). */
export { addToCart, cartView, removeBoughtFromCart } from './repository';
