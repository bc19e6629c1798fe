import { DEFAULT_UNIVERSITY_DOMAIN, DEFAULT_UNIVERSITY_NAME, exampleUniversityEmail } from '@campus/shared/email';
import { getRuntimeConfig, hasRuntimeConfig } from '@campus/shared/runtime-config';

export interface University {
  name: string;
  emailDomain: string;
  exampleEmail: string;
}

/** The university of the runtime configuration (the defaults only before it has loaded, e.g. in a bare test). */
export function getUniversity(): University {
  const configured = hasRuntimeConfig() ? getRuntimeConfig().university : undefined;
  const name = configured?.name || DEFAULT_UNIVERSITY_NAME;
  const emailDomain = configured?.emailDomain || DEFAULT_UNIVERSITY_DOMAIN;
  return { name, emailDomain, exampleEmail: exampleUniversityEmail(emailDomain) };
}
