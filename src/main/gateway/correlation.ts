// Correlation ids an orchestrator may attach to gateway.invoke (contract §2.3): a run, a seat and an
// evidence-label digest. They are for the audit only — never sent downstream — and come all together or
// not at all, each 64 lowercase hex characters, so an audit reader can rely on their shape.
import * as z from 'zod';

export const CORRELATION_FIELDS = ['run_correlation_id', 'seat_correlation_id', 'evidence_label_digest'] as const;
export type Correlation = Record<(typeof CORRELATION_FIELDS)[number], string>;

const HEX64 = /^[0-9a-f]{64}$/;

export const correlationInputs = {
  run_correlation_id: z.string().max(200).nullish().describe('Audit only: 64 hex; give all three correlation fields or none.'),
  seat_correlation_id: z.string().max(200).nullish().describe('Audit only: 64 hex.'),
  evidence_label_digest: z.string().max(200).nullish().describe('Audit only: 64 hex.'),
};

/** For the audit: the call's valid correlation, or null (an invalid one was refused before the call). */
export function invokeCorrelation(args: unknown): Correlation | null {
  const found = correlationOf(args);
  return found.ok ? found.value : null;
}

/** The correlation of a call's arguments: none, all three valid, or the problem in words. */
export function correlationOf(args: unknown): { ok: true; value: Correlation | null } | { ok: false; problem: string } {
  const given = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const present = CORRELATION_FIELDS.filter((field) => given[field] !== undefined && given[field] !== null);
  if (!present.length) return { ok: true, value: null };
  if (present.length < CORRELATION_FIELDS.length) {
    const missing = CORRELATION_FIELDS.filter((field) => !present.includes(field));
    return { ok: false, problem: `${missing.join(', ')}: required with ${present.join(', ')} (give all three correlation fields or none)` };
  }
  const malformed = CORRELATION_FIELDS.filter((field) => typeof given[field] !== 'string' || !HEX64.test(given[field] as string));
  if (malformed.length) return { ok: false, problem: `${malformed.join(', ')}: must be 64 lowercase hex characters` };
  return { ok: true, value: Object.fromEntries(CORRELATION_FIELDS.map((field) => [field, given[field] as string])) as Correlation };
}
