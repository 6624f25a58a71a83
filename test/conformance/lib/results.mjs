// Reading what the suite reports: which scenarios a revision scores (`conformance list --requirements`),
// and how each scenario of one run ended (the checks.json it writes per scenario).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** `conformance list --requirements REV` → { server: {scored, unscored}, client: {scored, unscored} } (unscored: name → why). */
export function parseRequirementList(text) {
  const plain = stripVTControlCharacters(text);
  const sets = { server: { scored: [], unscored: {} }, client: { scored: [], unscored: {} } };
  let side = null;
  let category = null;
  for (const line of plain.split('\n')) {
    if (/^Server scenarios/.test(line)) side = 'server';
    else if (/^Client scenarios/.test(line)) side = 'client';
    else if (/^Authorization server scenarios/.test(line)) side = null;
    else if (/^Run and reported, but never scored/.test(line)) side = 'unscored';
    else if (side === 'unscored' && /^\s+([a-z-]+) \(\d+\):/.test(line)) category = /^\s+([a-z-]+)/.exec(line)[1];
    else {
      const item = /^\s+- (\S+)(?: \[(server|client)\])?/.exec(line);
      if (!item) continue;
      if (side === 'server' || side === 'client') sets[side].scored.push(item[1]);
      else if (side === 'unscored' && item[2]) sets[item[2]].unscored[item[1]] = category;
    }
  }
  return sets;
}

const HOLLOW = /Unknown tool: [^"\\]+\\",\\"code\\":\\"E301/;

/**
 * One run's outcome per scenario from `<dir>/<prefix><scenario>-<timestamp>/checks.json` (the suite writes
 * `server-` before server scenarios and nothing before client ones; auth/… scenarios nest a folder): passed when no
 * check failed or warned, with the first failing checks' messages kept.
 */
export function readOutcomes(dir, prefix) {
  const outcomes = {};
  let entries = [];
  try {
    entries = readdirSync(dir, { recursive: true }).map(String).filter((path) => path.endsWith('checks.json'));
  } catch {
    return outcomes;
  }
  for (const path of entries.sort()) {
    const folder = path.slice(0, -'/checks.json'.length);
    const match = new RegExp(`^${prefix}(.+)-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z$`).exec(folder);
    if (!match) continue;
    const raw = readFileSync(join(dir, path), 'utf8');
    const checks = JSON.parse(raw);
    // As the suite's own summary judges: a WARNING (a SHOULD not met) fails the scenario too.
    const failed = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    outcomes[match[1]] = {
      passed: failed.length === 0,
      // Some checks only look at the answer's shape: Gatehouse's E301 "Unknown tool" isError result
      // satisfies them although the fixture's tool never ran. Such a pass proves nothing, so it is kept apart.
      hollow: HOLLOW.test(raw),
      checks: checks.length,
      failed: failed.map((check) => `${check.id} (${check.status}): ${String(check.errorMessage ?? '').slice(0, 240)}`).slice(0, 3),
    };
  }
  return outcomes;
}
