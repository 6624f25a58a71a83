// uv does not read pip's configuration: pip's index, extra indexes, find-links and certificate are
// translated to UV_* variables at run time, and the operator's own UV_* settings win.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPipSettings, uvEnvFromPip } from '../../../src/main/runtime/pip-index';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-pip-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('uvEnvFromPip', () => {
  it('maps every pip setting to its uv variable', () => {
    expect(uvEnvFromPip({ indexUrl: 'https://mirror.invalid/simple', extraIndexUrls: ['https://a.invalid/simple', 'https://b.invalid/simple'], findLinks: [dir, 'https://links.invalid/'], cert: dir }, {})).toEqual({
      UV_DEFAULT_INDEX: 'https://mirror.invalid/simple',
      UV_INDEX: 'https://a.invalid/simple https://b.invalid/simple',
      UV_FIND_LINKS: `${dir},https://links.invalid/`,
      SSL_CERT_FILE: dir,
    });
  });

  it("keeps the operator's own settings and drops find-links folders that do not exist", () => {
    const pip = { indexUrl: 'https://mirror.invalid/simple', extraIndexUrls: [], findLinks: [join(dir, 'missing')], cert: null };
    expect(uvEnvFromPip(pip, { UV_DEFAULT_INDEX: 'https://mine.invalid/simple' })).toEqual({});
    expect(uvEnvFromPip(pip, { UV_INDEX_URL: 'https://mine.invalid/simple' })).toEqual({});
  });
});

describe('readPipSettings', () => {
  it('reads PIP_* variables when no pip is on PATH', async () => {
    const settings = await readPipSettings({ PATH: join(dir, 'empty'), PIP_INDEX_URL: 'https://env.invalid/simple', PIP_FIND_LINKS: `${dir} /other`, PIP_CERT: '/c.pem' });
    expect(settings).toEqual({ indexUrl: 'https://env.invalid/simple', extraIndexUrls: [], findLinks: [dir, '/other'], cert: '/c.pem' });
  });
});
