// The committed smoke fixture's policy must be exactly what the generator makes from its script and
// lock, so editing server.py without regenerating fails here with the way out in the message.
// GATEHOUSE_UPDATE_GOLDEN=1 rewrites the policy (review the diff).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/main/common/atomic-write';
import { buildPolicy } from '../../../src/main/runtime/policy-build';
import { POLICY_PATH } from '../../../src/main/runtime/policy';
import { REPO_ROOT } from '../../helpers/workspace';

const FIXTURE = join(REPO_ROOT, 'test/fixtures/python/smoke');

describe('smoke fixture policy', () => {
  it('matches what the generator builds from server.py and the lock', () => {
    const built = buildPolicy({ root: FIXTURE, servers: ['server.py'] });
    const text = `${JSON.stringify(built, null, 2)}\n`;
    if (process.env.GATEHOUSE_UPDATE_GOLDEN === '1') writeFileAtomic(join(FIXTURE, POLICY_PATH), text);
    const committed = readFileSync(join(FIXTURE, POLICY_PATH), 'utf8');
    expect(committed, 'run GATEHOUSE_UPDATE_GOLDEN=1 npx vitest run --project unit test/unit/runtime/fixture-policy.test.ts').toBe(text);
  });

  it('pins the stock mcp package at an exact 2.x version with a Python 3.10 floor', () => {
    const built = buildPolicy({ root: FIXTURE, servers: ['server.py'] }) as { servers: { dependencies: string[]; requiresPython: string }[] };
    expect(built.servers[0]?.dependencies).toEqual(['mcp==2.2.0']);
    expect(built.servers[0]?.requiresPython).toBe('>=3.10');
  });
});
