/** An environment variable's trimmed value; blank counts as unset (a `KEY=` line in a .env file). */
export function envValue(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const v = env[key]?.trim();
  return v ? v : undefined;
}
