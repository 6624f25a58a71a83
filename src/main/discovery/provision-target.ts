// Which provisioned entry a name would become: a manifest server or a registered discovered package.
// Discovered packages need operator approval (trust.json) or an explicit packages.allowlist entry
// (contract §4.5, E404); any package is subject to packages.denylist.
import { readDiscovered } from './discovered-store';
import { policySpec } from './package-spec';
import type { ProvisionedEntry } from './provisioned-store';
import type { DiscoveryState } from './state';
import { packageApproved } from '../trust/store';
import type { LoadedPolicy } from '../policy';

export interface Target {
  entry: ProvisionedEntry;
  envInstructions: string | null;
}

export type TargetResult =
  | { ok: true; target: Target }
  | { ok: false; code: 'E203' | 'E401' | 'E404'; message: string; next_step: string | null };

/** A package listed by an allowlist: allowed itself while an arbitrary other package is not. */
function allowlisted(policy: LoadedPolicy, spec: string): boolean {
  const probe = spec.startsWith('pypi:') ? 'pypi:gatehouse-unlisted-probe==0.0.0' : 'npm:gatehouse-unlisted-probe@0.0.0';
  return policy.packageAllowed(spec) && !policy.packageAllowed(probe);
}

export function resolveTarget(state: DiscoveryState, policy: LoadedPolicy, name: string): TargetResult {
  const now = new Date().toISOString();
  const manifestEntry = state.manifest().servers.get(name);
  if (manifestEntry) {
    const spec = manifestEntry.package ? policySpec(manifestEntry.package) : null;
    if (spec && !policy.packageAllowed(spec)) {
      return { ok: false, code: 'E401', message: `Package ${spec} for '${name}' is denied by the packages rules of the policy.`, next_step: 'ask the operator to change packages.denylist / packages.allowlist in policy.yaml' };
    }
    return {
      ok: true,
      target: {
        entry: { name, origin: 'manifest', transport: manifestEntry.transport, package: manifestEntry.package, args: manifestEntry.args, url: manifestEntry.url, env_var: manifestEntry.env_vars[0] ?? null, env_vars: manifestEntry.env_vars, provisioned_at: now },
        envInstructions: manifestEntry.env_instructions,
      },
    };
  }
  const found = readDiscovered(state.ctx).get(name);
  if (!found) return { ok: false, code: 'E203', message: `Server '${name}' not found in manifest or .mcp.json configuration.`, next_step: "gateway.request_capability(query='…') or gateway.search_registry(query='…')" };
  const spec = policySpec(found.package);
  if (!policy.packageAllowed(spec)) {
    return { ok: false, code: 'E401', message: `Package ${spec} for '${name}' is denied by the packages rules of the policy.`, next_step: 'ask the operator to change packages.denylist in policy.yaml' };
  }
  if (!packageApproved(state.ctx.stateDir, spec) && !allowlisted(policy, spec)) {
    return {
      ok: false,
      code: 'E404',
      message: `Package ${spec} for '${name}' needs operator approval before it is installed.`,
      next_step: `ask the operator to run: gatehouse trust approve-package ${spec} (or add it to packages.allowlist in policy.yaml)`,
    };
  }
  return {
    ok: true,
    target: {
      entry: { name, origin: 'discovered', transport: 'stdio', package: found.package, args: [], url: null, env_var: found.env_vars[0] ?? null, env_vars: found.env_vars, provisioned_at: now },
      envInstructions: null,
    },
  };
}
