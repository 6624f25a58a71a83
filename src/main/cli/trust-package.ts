// `gatehouse trust approve-package SPEC` and `gatehouse trust revoke-package SPEC`: a discovered package
// is installed only once the operator approved its exact version (or packages.allowlist names it). The
// approval is stored as policySpec spells it (`npm:name@1.2.3`, `pypi:name==1.2.3`): the very string
// provisioning looks up, so `pypi:name@1.0` and `pypi:name==1.0` approve the same thing. Before asking,
// the package's own registry is asked about that exact release (npm's or pip's configured one): its
// description, publish date and homepage are shown, and a release the registry does not have is never
// approved. An unreachable registry is said plainly; the operator may still approve what they know.
import { gatehouseDirs } from '../common/dirs';
import { parsePackageSpec, policySpec, runCommand } from '../discovery/package-spec';
import { packageMetadata, type MetadataAnswer } from '../discovery/registry-metadata';
import type { PackageRef } from '../discovery/types';
import { approvePackage, listApprovals, packageApproved, revokePackage } from '../trust/store';
import { parseFlags, UsageError } from './args';
import { confirm } from './confirm';
import { makeContext, shellQuote, warnIfUnreadable, type TrustContext, type TrustIo } from './trust-context';

const JSON_FLAG = { type: 'boolean', default: false } as const;

function example(ref: { type: string; name: string }): string {
  return ref.type === 'pypi' ? `pypi:${ref.name}==1.0.0` : `npm:${ref.name}@1.0.0`;
}

/** The canonical spec of an exactly pinned package, or a usage error that says how to write one. */
function pinnedSpec(raw: string | undefined, verb: string): { spec: string; ref: PackageRef } {
  if (raw === undefined) throw new UsageError(`trust ${verb} needs a package, as in: gatehouse trust ${verb} npm:@scope/name@1.2.3`);
  const parsed = parsePackageSpec(raw);
  if (!parsed.ok) throw new UsageError(`"${raw}": ${parsed.reason}`);
  if (!parsed.ref.version) {
    throw new UsageError(`"${raw}" names no version: an approval is for one exact version, as in ${example(parsed.ref)}`);
  }
  return { spec: policySpec(parsed.ref), ref: parsed.ref };
}

function report(ctx: TrustContext, ok: boolean, spec: string, result: string, message: string, extra: Record<string, unknown> = {}): number {
  if (ctx.json) ctx.out(JSON.stringify({ ok, spec, result, message, ...extra }));
  else if (ok) ctx.out(message);
  else ctx.err(`gatehouse: ${message}`);
  return ok ? 0 : 1;
}

export async function approvePackageCommand(argv: string[], io: TrustIo): Promise<number> {
  const { values, positionals } = parseFlags(argv, { yes: { type: 'boolean', default: false }, json: JSON_FLAG }, 1);
  const { spec, ref } = pinnedSpec(positionals[0], 'approve-package');
  const ctx = makeContext(io, values.json);
  warnIfUnreadable(ctx);
  if (packageApproved(ctx.stateDir, spec)) return report(ctx, true, spec, 'already_approved', `${spec} is already approved; nothing changed.`);
  const lookup = await packageMetadata(ref, { env: io.env, cwd: gatehouseDirs(io.env, io.homeDir).cache });
  const registry = lookup.ok ? { registry: lookup.metadata } : { registry: null, registry_error: lookup.reason };
  if (!lookup.ok && lookup.missing) {
    return report(ctx, false, spec, 'not_found', `${spec} is not a release its registry has (${lookup.reason}); nothing was approved. Check the name and the version.`, registry);
  }
  if (!ctx.json) ctx.out(describe(spec, ref, lookup));
  if (!values.yes) {
    if (ctx.json || !io.stdin.isTTY) {
      const why = ctx.json ? '--json never prompts' : 'there is no terminal to confirm on';
      return report(ctx, false, spec, 'refused', `nothing was approved: ${why}. Check the package, then run again with --yes: gatehouse trust approve-package ${spec} --yes`, registry);
    }
    if (!(await confirm(io.stdin, io.stderr, 'Approve this exact package version?'))) {
      ctx.err('Not approved; nothing was written.');
      return 1;
    }
  }
  approvePackage(ctx.stateDir, spec);
  return report(ctx, true, spec, 'approved', `Approved ${spec}. Only this exact version is approved; any other version needs its own approval.`, registry);
}

/** What is about to be approved: the registry's word on this release, then the command it will run as. */
function describe(spec: string, ref: PackageRef, lookup: MetadataAnswer): string {
  const run = runCommand(ref);
  const lines = [`Package ${spec}`];
  if (lookup.ok) {
    const m = lookup.metadata;
    lines.push(`  registry:  ${m.name} ${m.version}${m.published ? `, published ${m.published.slice(0, 10)}` : ', publish date not given'}`);
    lines.push(`  about:     ${m.description ?? '(no description)'}`);
    lines.push(`  homepage:  ${m.homepage ?? '(none given)'}`);
  } else {
    lines.push(`  registry:  not reachable (${lookup.reason}); approve only a release you know`);
  }
  lines.push(`  runs as:   ${[run.command, ...run.args].map(shellQuote).join(' ')} (installed when an agent provisions it)`);
  return `${lines.join('\n')}\n`;
}

export async function revokePackageCommand(argv: string[], io: TrustIo): Promise<number> {
  const { values, positionals } = parseFlags(argv, { json: JSON_FLAG }, 1);
  const ctx = makeContext(io, values.json);
  const raw = positionals[0]?.trim();
  // An entry trust.json holds verbatim may always be withdrawn, even one this version would not write.
  const stored = raw !== undefined && listApprovals(ctx.stateDir).packages.some((p) => p.spec === raw);
  const spec = stored && raw !== undefined ? raw : pinnedSpec(raw, 'revoke-package').spec;
  return revokePackage(ctx.stateDir, spec)
    ? report(ctx, true, spec, 'revoked', `Withdrew the approval of ${spec}; provisioning it is refused (E404) until it is approved again.`)
    : report(ctx, false, spec, 'no_approval', `${spec} has no approval; nothing changed.`);
}
