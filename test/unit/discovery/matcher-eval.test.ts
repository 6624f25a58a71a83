// The capability matcher measured: the real matcher over the built-in manifest answers every need of
// test/fixtures/discovery/needs.yaml (the tuning set) and three held-out sets (needs-holdout*.yaml, each
// written before the matcher change that followed it). Prints precision@1 and recall@3 for each and gates
// on them: the tuning set at the goal (≥ 0.9 top-1), the held-out sets at a regression floor.
//   precision@1: the first answer is the expected one.
//   recall@3:    the expected answer is among the first three (the decision, then the runners-up);
//                for not_available, the decision itself must be not_available.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { type Decision, matchCapability } from '../../../src/main/discovery/matcher';

interface Need {
  need: string;
  expect: string;
  clis?: string[];
}
interface NeedFile {
  default_clis?: string[];
  configured?: { name: string; text: string }[];
  needs: Need[];
}

const fixtures = join(__dirname, '..', '..', 'fixtures', 'discovery');
const manifest = loadManifest({ env: {}, homeDir: '/nonexistent', projectRoot: null, stateDir: '/nonexistent', cacheDir: '/nonexistent', configDir: '/nonexistent', log: () => undefined });
const tuning = parse(readFileSync(join(fixtures, 'needs.yaml'), 'utf8')) as NeedFile;
const holdout = parse(readFileSync(join(fixtures, 'needs-holdout.yaml'), 'utf8')) as NeedFile;
const holdout2 = parse(readFileSync(join(fixtures, 'needs-holdout-2.yaml'), 'utf8')) as NeedFile;
const holdout3 = parse(readFileSync(join(fixtures, 'needs-holdout-3.yaml'), 'utf8')) as NeedFile;
const holdout4 = parse(readFileSync(join(fixtures, 'needs-holdout-4.yaml'), 'utf8')) as NeedFile;

/** The answers in order, spelled like `expect`: the decision first, then the runners-up. */
function answers(decision: Decision): string[] {
  const first = decision.answer === 'not_available' ? 'not_available' : `${decision.answer === 'use_cli' ? 'use_cli' : 'server'}:${decision.name}`;
  const rest = decision.ranked.filter((r) => r.id !== decision.name).map((r) => `${r.kind === 'cli' ? 'use_cli' : 'server'}:${r.id}`);
  return [first, ...rest];
}

function evaluate(file: NeedFile) {
  // The held-out file uses the tuning file's defaults: one definition of "a typical machine".
  const defaults = file.default_clis ?? tuning.default_clis ?? [];
  const configured = file.configured ?? tuning.configured ?? [];
  const rows = file.needs.map((need) => {
    const clis = need.clis ?? defaults;
    const decision = matchCapability({ query: need.need, manifest, configured, discovered: [], availableClis: new Map(clis.map((c) => [c, `/usr/bin/${c}`])) });
    const got = answers(decision);
    const top1 = got[0] === need.expect;
    const top3 = need.expect === 'not_available' ? top1 : got.slice(0, 3).includes(need.expect);
    return { need, got, top1, top3, reason: decision.reason };
  });
  const p1 = rows.filter((r) => r.top1).length / rows.length;
  const r3 = rows.filter((r) => r.top3).length / rows.length;
  return { rows, p1, r3 };
}

function report(label: string, result: ReturnType<typeof evaluate>): string {
  const misses = result.rows.filter((r) => !r.top1).map((r) => `  ✗ "${r.need.need}" expected ${r.need.expect}, got ${r.got.slice(0, 3).join(' | ')}\n      ${r.reason}`);
  return [`${label}: ${result.rows.length} needs, precision@1 ${result.p1.toFixed(3)}, recall@3 ${result.r3.toFixed(3)}`, ...misses].join('\n');
}

describe('capability matcher evaluation', () => {
  it('has the sets the issue asks for', () => {
    expect(tuning.needs.length).toBeGreaterThanOrEqual(120);
    expect(holdout.needs.length).toBeGreaterThanOrEqual(30);
    const kinds = new Set(tuning.needs.map((n) => n.expect.split(':')[0]));
    expect([...kinds].sort()).toEqual(['not_available', 'server', 'use_cli']);
  });

  it('answers the tuning set: precision@1 ≥ 0.9', () => {
    const result = evaluate(tuning);
    console.log(report('matcher eval (tuning set)', result));
    expect(result.p1).toBeGreaterThanOrEqual(0.9);
    expect(result.r3).toBeGreaterThanOrEqual(0.9);
  });

  it('answers the first held-out set (measured once at 0.700 before the coverage threshold moved; seen since)', () => {
    const result = evaluate(holdout);
    console.log(report('matcher eval (held-out set 1)', result));
    expect(result.p1).toBeGreaterThanOrEqual(0.8);
  });

  it('answers the second held-out set, never tuned on', () => {
    const result = evaluate(holdout2);
    console.log(report('matcher eval (held-out set 2)', result));
    // Its first measurement was 0.633 (recall@3 0.767): the honest figure for needs the matcher was not
    // shaped on. The typo rule since (english-words.ts) fixed one of its misses and lost another ("spent"
    // is no longer read as "spend"), so it is 0.633 still. The floor catches a regression; not the goal.
    expect(result.p1).toBeGreaterThanOrEqual(0.6);
  });

  it('answers the third held-out set, written before the typo change and never tuned on', () => {
    const result = evaluate(holdout3);
    console.log(report('matcher eval (held-out set 3)', result));
    // Measured 0.767 (recall@3 0.900) before and after the common-English-word rule for typos. As with
    // set 2, the floor catches a regression; the gap to the tuning set's figure is the honest one.
    expect(result.p1).toBeGreaterThanOrEqual(0.7);
  });

  it('answers the fourth held-out set, never tuned on', () => {
    const result = evaluate(holdout4);
    console.log(report('matcher eval (held-out set 4)', result));
    // Measured once at 0.733 (recall@3 0.900). A regression floor, as for sets 2 and 3.
    expect(result.p1).toBeGreaterThanOrEqual(0.7);
  });

  it('prints the figures over every never-tuned need together', () => {
    // Sets 2, 3 and 4 share the tuning set's defaults; pooled, they are the matcher's unseen-need figure.
    const result = evaluate({ needs: [...holdout2.needs, ...holdout3.needs, ...holdout4.needs] });
    console.log(`matcher eval (held-out sets 2-4 pooled): ${result.rows.length} needs, precision@1 ${result.p1.toFixed(3)}, recall@3 ${result.r3.toFixed(3)}`);
    expect(result.rows).toHaveLength(90);
  });

  it('explains every decision in one line', () => {
    for (const need of [...tuning.needs, ...holdout.needs, ...holdout2.needs, ...holdout3.needs, ...holdout4.needs]) {
      const decision = matchCapability({ query: need.need, manifest, configured: [], discovered: [], availableClis: new Map() });
      expect(decision.reason, need.need).toMatch(/^(use_cli:|server:|not_available)/);
      expect(decision.reason, need.need).not.toContain('\n');
    }
  });
});
