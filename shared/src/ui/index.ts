export * from './chakra';
export { system } from './theme';
export { DesignSystemProvider } from './provider';
