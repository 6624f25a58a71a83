import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loginShellPath, mergePaths } from '../../../src/main/supervisor/login-path';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

it('reads PATH as the login shell sets it, ignoring what the profile prints', async () => {
  const home = mkdtempSync(join(tmpdir(), 'gatehouse-login-'));
  homes.push(home);
  writeFileSync(join(home, '.profile'), 'echo "welcome banner"\nexport PATH="/opt/from-profile/bin:$PATH"\n');
  const path = await loginShellPath({ SHELL: '/bin/sh', HOME: home, PATH: '/usr/bin:/bin' });
  expect(path?.split(':')[0]).toBe('/opt/from-profile/bin');
  expect(path).toContain('/usr/bin');
});

it('gives null when there is no shell to ask, or it fails', async () => {
  expect(await loginShellPath({ PATH: '/usr/bin' })).toBeNull();
  expect(await loginShellPath({ SHELL: '/nonexistent/shell', PATH: '/usr/bin' })).toBeNull();
});

it('merges login entries first without duplicates', () => {
  expect(mergePaths('/a:/b', '/b:/c')).toBe('/a:/b:/c');
  expect(mergePaths(null, '/x')).toBe('/x');
});
