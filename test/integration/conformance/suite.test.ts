// The official MCP conformance suite, both revisions (test/conformance/run.mjs): the fixture passes every
// scored server scenario directly, every server scenario that passes directly passes through Gatehouse
// too, and every client scenario passes with Gatehouse as the client, except the ones
// test/conformance/expected-failures.yaml lists with a reason. A listed scenario that passes fails the
// test as well, so the list cannot go stale. Slow (minutes): the suite runs ~200 scenario executions.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { REPO_ROOT } from '../../helpers/workspace';

interface Outcome {
  passed: boolean;
  hollow: boolean;
  failed: string[];
}
type Outcomes = Record<string, Outcome>;
interface Side {
  scored: string[];
  unscored: Record<string, string>;
}
interface Revision {
  requirements: { server: Side; client: Side };
  server: { direct: Outcomes; gatehouse: Outcomes };
  client: { direct: Outcomes; gatehouse: Outcomes } | null;
}
interface Results {
  revisions: Record<string, Revision>;
}
interface Row {
  scenario: string;
  problem?: string;
}
interface Verdicts {
  judge(input: { scenarios: string[]; direct: Outcomes; gatehouse: Outcomes; expected: unknown; side: string }): Row[];
  passedForReal(outcome: Outcome | undefined): boolean;
}

const REVISIONS = ['2025-11-25', '2026-07-28'];
const out = mkdtempSync(join(tmpdir(), 'gatehouse-conformance-test-'));
let results: Results;
let verdicts: Verdicts;
let expected: { reasons: Record<string, string>; server: Record<string, string>; client: Record<string, string> };

beforeAll(async () => {
  const code = await new Promise<number | null>((resolve, reject) => {
    const run = spawn(process.execPath, [join(REPO_ROOT, 'test/conformance/run.mjs'), '--out', out], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    run.once('error', reject);
    run.once('exit', (exit) => (exit === 0 ? resolve(exit) : reject(new Error(`run.mjs exited with ${exit}:\n${stderr}`))));
  });
  expect(code).toBe(0);
  results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Results;
  verdicts = (await import(join(REPO_ROOT, 'test/conformance/lib/verdicts.mjs'))) as Verdicts;
  expected = parseYaml(readFileSync(join(REPO_ROOT, 'test/conformance/expected-failures.yaml'), 'utf8'));
}, 20 * 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

function ran(revision: string): Revision {
  const found = results.revisions[revision];
  if (!found) throw new Error(`run.mjs reported nothing for ${revision}`);
  return found;
}

it('gives every expected failure a reason the file defines', () => {
  for (const side of ['server', 'client'] as const) {
    for (const [scenario, key] of Object.entries(expected[side] ?? {})) expect(expected.reasons[key], `${side}.${scenario}: ${key}`).toEqual(expect.any(String));
  }
});

describe.each(REVISIONS)('revision %s', (revision) => {
  it('the fixture passes every scored server scenario directly', () => {
    const { requirements, server } = ran(revision);
    const failing = requirements.server.scored.filter((scenario) => !verdicts.passedForReal(server.direct[scenario]));
    expect(failing).toEqual([]);
  });

  it('every server scenario that passes directly passes through Gatehouse, or is an expected failure with its reason', () => {
    const { requirements, server } = ran(revision);
    const scenarios = [...requirements.server.scored, ...Object.keys(requirements.server.unscored)];
    const problems = verdicts.judge({ scenarios, direct: server.direct, gatehouse: server.gatehouse, expected, side: 'server' }).filter((row) => row.problem);
    expect(problems).toEqual([]);
  });

  it('every client scenario passes with Gatehouse as the client, or is an expected failure with its reason', () => {
    const { requirements, client } = ran(revision);
    if (!client) throw new Error('run.mjs ran no client scenarios');
    const scenarios = [...requirements.client.scored, ...Object.keys(requirements.client.unscored)];
    const problems = verdicts.judge({ scenarios, direct: client.direct, gatehouse: client.gatehouse, expected, side: 'client' }).filter((row) => row.problem);
    expect(problems).toEqual([]);
  });
});
