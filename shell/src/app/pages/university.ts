import { getRuntimeConfig, hasRuntimeConfig } from '@campus/shared/runtime-config';

/** The configured university's name; a neutral phrase before config loads (tests, dev pages). */
export function universityName(): string {
  return hasRuntimeConfig() ? getRuntimeConfig().university.name : 'your university';
}
