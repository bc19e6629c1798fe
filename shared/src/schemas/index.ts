export * from './auth';
export * from './entities';
export * from './auth-responses';
export * from './catalogue';
export * from './orders';
export * from './messages';
export * from './names';
export * from './ops';
