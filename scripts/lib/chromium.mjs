/** Where Chromium is, and how to launch it on these machines (Debian's package, no sandbox as root, no GPU). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, then Debian's /usr/bin/chromium, then `chromium` on PATH; null when none. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      /* not on PATH */
    }
  }
  return null;
}

export const NO_CHROMIUM_MESSAGE = [
  'No Chromium found for the end-to-end tests and the bundle report.',
  'Install one, then run the tests again:',
  '  - Debian/Ubuntu: apt-get install chromium   (found at /usr/bin/chromium)',
  '  - where downloads work: npx playwright install chromium   (then set CHROMIUM_PATH to it)',
  'Or point CHROMIUM_PATH at any Chromium/Chrome binary.',
].join('\n');
