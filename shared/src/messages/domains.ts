/**
 * Every domain's texts, one module each. `MESSAGES` (index.ts) is this module's namespace, so
 * webpack follows `MESSAGES.products.loadFailed` to products.ts alone and a bundle carries only the
 * domains its code reads (the folder is marked side-effect free in create-config.cjs).
 */
export { validation } from './validation';
export { login } from './login';
export { connectivity } from './connectivity';
export { register } from './register';
export { verify } from './verify';
export { password } from './password';
export { sellerRegister } from './seller-register';
export { sellerOnboarding } from './seller-onboarding';
export { profile } from './profile';
export { cart } from './cart';
export { wishlist } from './wishlist';
export { payment } from './payment';
export { refunds } from './refunds';
export { orders } from './orders';
export { payouts } from './payouts';
export { reports } from './reports';
export { ops } from './ops';
export { opsConsole } from './ops-console';
export { disputes } from './disputes';
export { completion } from './completion';
export { ratings } from './ratings';
export { products } from './products';
export { categories } from './categories';
export { seller } from './seller';
export { uploads } from './uploads';
export { messaging } from './messaging';
export { account } from './account';
export { generic } from './generic';
