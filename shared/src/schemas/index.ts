export * from './auth';
export * from './entities';
