#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, under Node 22) for both spec
// revisions: every server scenario against the conformance fixture directly and through `gatehouse serve
// --transport http` (its one server: that fixture), and every client scenario through Gatehouse's
// downstream client (client-harness.mjs). Writes the results as JSON and, with --scorecard, the committed
// table bench/conformance/scorecard.md.
//
// usage: node test/conformance/run.mjs [--out DIR] [--scorecard] [--revision 2025-11-25|2026-07-28] [--skip-client]
//        node test/conformance/run.mjs --results DIR/results.json --scorecard
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { runClientSide } from './lib/client-runs.mjs';
import { EXPECTED_FAILURES, exposureSupported, REVISIONS, SCORECARD } from './lib/paths.mjs';
import { ensureFixture, ensureNode22 } from './lib/prepare.mjs';
import { startFixture, startGatehouse, runSuite } from './lib/processes.mjs';
import { parseRequirementList } from './lib/results.mjs';
import { renderScorecard } from './lib/scorecard.mjs';
import { runServerSide } from './lib/server-runs.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    scorecard: { type: 'boolean', default: false },
    revision: { type: 'string', multiple: true },
    'skip-client': { type: 'boolean', default: false },
    'rebuild-fixture': { type: 'boolean', default: false },
    // Re-render the scorecard from an earlier run's results.json without running anything.
    results: { type: 'string' },
  },
});
const log = (line) => process.stderr.write(`conformance: ${line}\n`);
const outDir = values.out ?? mkdtempSync(join(tmpdir(), 'gatehouse-conformance-results-'));
mkdirSync(outDir, { recursive: true });
const revisions = values.revision ?? REVISIONS;

const results = values.results ? JSON.parse(readFileSync(values.results, 'utf8')) : await runAll();

async function runAll() {
  ensureNode22(log);
  await ensureFixture(log, values['rebuild-fixture']);
  const aggregate = await exposureSupported();
  // With exposure modes on this checkout, the fixture's tools are listed directly (aggregate); without,
  // they sit behind gateway.invoke and the server scenarios that call them by name cannot reach them.
  const policy = aggregate ? 'exposure:\n  mode: aggregate\n' : undefined;
  const fixture = await startFixture();
  const gateway = await startGatehouse({ servers: { conformance: { type: 'http', url: fixture.url } }, policy });
  // Stopped by a signal (a test timeout, ^C): the fixture and the gateway go with it.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void Promise.all([gateway.stop(), fixture.stop()]).finally(() => process.exit(1)));
  }
  const run = { generatedAt: new Date().toISOString(), exposure: aggregate ? 'aggregate' : 'progressive (no exposure setting on this checkout)', revisions: {} };
  try {
    for (const revision of revisions) {
      const listed = await runSuite(['list', '--requirements', revision]);
      const requirements = parseRequirementList(listed.output);
      const server = await runServerSide({ revision, directUrl: fixture.url, gatewayUrl: gateway.url, outDir, log });
      const client = values['skip-client'] ? null : await runClientSide({ revision, requirements, outDir, log });
      run.revisions[revision] = { requirements, server, client };
    }
  } finally {
    await gateway.stop();
    await fixture.stop();
  }
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(run, null, 2)}\n`);
  log(`results: ${join(outDir, 'results.json')}`);
  return run;
}

if (values.scorecard) {
  const expected = parseYaml(readFileSync(EXPECTED_FAILURES, 'utf8')) ?? {};
  mkdirSync(join(SCORECARD, '..'), { recursive: true });
  writeFileSync(SCORECARD, renderScorecard(results, expected));
  log(`scorecard: ${SCORECARD}`);
}
