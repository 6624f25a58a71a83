// gateway.get_startup_policy and gateway.set_startup_policy (contract §2.3, §4.5, §4.6), plus the
// factory that hands the owner all three config tools. They need the config locations, which
// GatewayContext does not carry, so each tool closes over a ConfigToolsContext.
import * as z from 'zod';
import { readStartupPolicy } from '../../config/startup-policy';
import type { ConfigToolsContext, StartupPolicyDiagnostic, StartupPolicyPlan } from '../../config/startup-policy-types';
import { applyStartupPolicy, planStartupPolicy } from '../../config/startup-policy-write';
import { approveFile, approvedDigest } from '../../trust/store';
import { GatewayError } from '../../common/errors';
import { errorEntry, jsonResult, type ErrorEntry } from '../envelope';
import { defineMetaTool, type MetaTool } from '../meta-tool';
import { configStatus } from './config-status';

export const MESSAGES = {
  preview: 'Startup policy preview generated.',
  dryRun: 'Dry run only; set dry_run=false with apply=true to write.',
  updated: 'Startup policy updated.',
  unchanged: 'No startup policy change needed.',
} as const;
export const REFRESH_NEXT_STEP = 'gateway.refresh(reason="startup_policy_changed")';

const SOURCE = z.enum(['project', 'user', 'custom']);

export function getStartupPolicy(ctx: ConfigToolsContext): MetaTool {
  return defineMetaTool({
    name: 'gateway.get_startup_policy',
    title: 'Show the startup policy',
    description:
      'Show the persisted autoStart and disableAutoStart lists of each config source (project, user, custom) ' +
      'with problems: unreadable files, names no source defines, servers both started and disabled.',
    annotations: { readOnlyHint: true },
    input: z.object({}),
    async run() {
      const report = readStartupPolicy(ctx.locations, ctx.knownServerNames?.() ?? []);
      return jsonResult({ sources: report.sources, diagnostics: report.diagnostics });
    },
  });
}

/** A GatewayError-shaped `errors[]` entry (contract §2.1) for each diagnostic that stopped the change. */
function errorEntries(diagnostics: StartupPolicyDiagnostic[]): ErrorEntry[] {
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => errorEntry(new GatewayError(d.error_code ?? 'E101', d.message, { diagnostic: d.code, path: d.path }, null, d.code === 'concurrent_modification')));
}

function answer(plan: StartupPolicyPlan, fields: { ok: boolean; dryRun: boolean; message: string; nextStep?: string; extra?: StartupPolicyDiagnostic[] }) {
  const diagnostics = [...plan.diagnostics, ...(fields.extra ?? [])];
  const errors = errorEntries(diagnostics);
  return jsonResult({
    ok: fields.ok,
    source: plan.source,
    path: plan.path,
    changed: plan.changed,
    dry_run: fields.dryRun,
    before_autoStart: plan.before,
    after_autoStart: plan.after,
    diagnostics,
    message: fields.message,
    next_step: fields.nextStep ?? null,
    // Gatehouse additions: pass source_digest back as expected_digest so the write refuses if the
    // file changed after this preview; errors carry the stable codes.
    source_digest: plan.digest,
    errors: errors.length ? errors : null,
  });
}

export function setStartupPolicy(ctx: ConfigToolsContext): MetaTool {
  return defineMetaTool({
    name: 'gateway.set_startup_policy',
    title: 'Change the startup policy',
    description:
      'Preview (default) or apply a change to the top-level autoStart list of exactly one config source. ' +
      'Writes only with apply=true and dry_run=false; keeps every other key; then call gateway.refresh.',
    annotations: { destructiveHint: false, openWorldHint: false },
    input: z.object({
      operation: z.enum(['add', 'remove', 'set']),
      names: z.array(z.string()).default([]),
      source: SOURCE.nullish(),
      path: z.string().min(1).nullish(),
      dry_run: z.boolean().default(true),
      apply: z.boolean().default(false),
      expected_digest: z.string().nullish().describe('source_digest from the preview; the write is refused if the file changed since.'),
    }),
    async run(args) {
      const plan = planStartupPolicy(ctx.locations, {
        operation: args.operation,
        names: args.names,
        source: args.source,
        path: args.path,
        expectedDigest: args.expected_digest,
        knownNames: ctx.knownServerNames?.() ?? [],
      });
      const writing = args.apply && !args.dry_run;
      if (!plan.ok) {
        const first = plan.diagnostics.find((d) => d.severity === 'error');
        return answer(plan, { ok: false, dryRun: !writing, message: `Startup policy not changed: ${first?.message ?? 'the request was refused'}` });
      }
      if (!plan.changed) return answer(plan, { ok: true, dryRun: !writing, message: MESSAGES.unchanged });
      if (!writing) {
        const message = args.apply || !args.dry_run ? MESSAGES.dryRun : MESSAGES.preview;
        return answer(plan, { ok: true, dryRun: true, message });
      }
      const outcome = applyStartupPolicy(plan);
      if (!outcome.ok) {
        const first = outcome.diagnostics[0];
        return answer({ ...plan, changed: false }, { ok: false, dryRun: false, message: `Startup policy not changed: ${first?.message ?? 'the write was refused'}`, extra: outcome.diagnostics });
      }
      carryApproval(ctx.locations.stateDir, plan);
      return answer(plan, { ok: true, dryRun: false, message: MESSAGES.updated, nextStep: REFRESH_NEXT_STEP });
    },
  });
}

/**
 * A write to an approved project file keeps it approved: the bytes before were the operator's approved
 * bytes and the write changed only the startup-policy keys, which start no server the file did not
 * already define. An unapproved file stays unapproved.
 */
function carryApproval(stateDir: string, plan: StartupPolicyPlan): void {
  if (plan.source !== 'project' || !plan.path || plan.text === null) return;
  if (plan.digest === `sha256:${approvedDigest(stateDir, plan.path)}`) approveFile(stateDir, plan.path, plan.text);
}

/** The three config tools, ready for the gateway's tool list. */
export function createConfigTools(ctx: ConfigToolsContext): MetaTool[] {
  return [configStatus(ctx), getStartupPolicy(ctx), setStartupPolicy(ctx)];
}
