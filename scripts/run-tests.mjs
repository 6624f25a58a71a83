#!/usr/bin/env node
// Runs every vitest project (unit, integration, e2e) in one pass and ends with a single plain summary
// line ("N passed, N failed") that CI systems read; the exit code is vitest's, or 1 if nothing ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const report = join('test-results', 'vitest.json');
mkdirSync('test-results', { recursive: true });
const vitest = join('node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);

if (!existsSync(report)) {
  console.error('run-tests: vitest wrote no report');
  process.exit(run.status || 1);
}
const results = JSON.parse(readFileSync(report, 'utf8'));
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`\nTests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (results.numTotalTests === 0) process.exit(1);
process.exit(run.status ?? 1);
