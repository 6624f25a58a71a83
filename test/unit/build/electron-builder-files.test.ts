// What electron-builder packs: its `files` patterns, applied in order as it applies them (a later
// pattern wins; "!" excludes), over the paths `npm run build`, the tests and the benchmarks leave in out/.
import { readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/workspace';

const config = parse(readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as { files: string[] };

function packed(path: string): boolean {
  let included = false;
  for (const pattern of config.files) {
    const negated = pattern.startsWith('!');
    if (matchesGlob(path, negated ? pattern.slice(1) : pattern)) included = !negated;
  }
  return included;
}

describe('electron-builder files', () => {
  it('packs the app: main, preload, renderer, resources, package.json', () => {
    for (const path of ['out/main/index.js', 'out/main/chunks/gateway-log-x.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-x.js', 'resources/icon.png', 'package.json']) {
      expect(packed(path), path).toBe(true);
    }
  });

  it('leaves out the test fixtures and the benchmarks built into out/', () => {
    for (const path of ['out/fixtures/fault-server.mjs', 'out/fixtures/nested/x.js', 'out/bench/search/in-process.js']) {
      expect(packed(path), path).toBe(false);
    }
  });
});
