import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; test tools must never download a browser on these machines. */
export const chromiumPath = '/usr/bin/chromium';

// Without the networking flags Chromium keeps dialling out and floods the closed network.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `tmpDir` is Chromium's TMPDIR, so the per-run profile leftovers land somewhere the test removes. */
export function launchChromium(tmpDir: string): Promise<Browser> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  env.TMPDIR = tmpDir;
  return chromium.launch({ executablePath: chromiumPath, args, env });
}
