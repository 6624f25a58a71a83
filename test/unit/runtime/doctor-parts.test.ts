// The pure parts of doctor: category validation, the check table, findings and totals.
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/main/runtime/check-ids';
import { parseCategories } from '../../../src/main/runtime/doctor/doctor';
import { dedupe, finding, redactFindings, totals } from '../../../src/main/runtime/doctor/findings';
import { Redactor } from '../../../src/main/runtime/redact';

describe('parseCategories', () => {
  it('accepts known categories, alone or together', () => {
    expect(parseCategories(null)).toEqual({ ok: true, categories: ['host', 'runtime'] });
    expect(parseCategories('runtime')).toEqual({ ok: true, categories: ['runtime'] });
    expect(parseCategories('host,runtime')).toEqual({ ok: true, categories: ['host', 'runtime'] });
  });

  it('refuses unsupported characters before unknown names', () => {
    expect(parseCategories('host;rm -rf')).toEqual({ ok: false, message: 'doctor category contains unsupported characters' });
    expect(parseCategories('drift')).toEqual({ ok: false, message: 'doctor category is unknown: drift' });
    expect(parseCategories(',')).toEqual({ ok: false, message: 'doctor category is unknown: ,' });
  });
});

describe('check table', () => {
  it('gives every ID a category matching its prefix, a severity and a remediation', () => {
    for (const [id, spec] of Object.entries(CHECKS)) {
      expect(id.startsWith(`${spec.category}.`)).toBe(true);
      expect(spec.remediation.length).toBeGreaterThan(10);
      expect(['error', 'warn', 'info']).toContain(spec.severity);
    }
    expect(Object.keys(CHECKS)).not.toContain('host.docker-engine'); // reserved, never emitted
  });
});

describe('findings', () => {
  it('keeps one finding per ID and subject, redacts, and counts by outcome', () => {
    const list = dedupe([
      finding('runtime.uv-missing', 'failed', 'launch uv: ENOENT'),
      finding('runtime.uv-missing', 'failed', 'duplicate'),
      finding('runtime.pep723-invalid', 'failed', 'TOKEN=abc', { subject: 'a.py', severity: 'warn', data: { apiKey: 'zzz' } }),
      finding('host.keychain', 'deferred', 'deferred'),
      finding('host.environment', 'passed', 'host'),
    ]);
    expect(list).toHaveLength(4);
    const redacted = redactFindings(list, new Redactor());
    expect(redacted[1]).toMatchObject({ message: 'TOKEN=<redacted>', data: { apiKey: '<redacted>' } });
    expect(totals(redacted)).toEqual({ error: 1, warn: 1, info: 1, deferred: 1 });
  });
});
