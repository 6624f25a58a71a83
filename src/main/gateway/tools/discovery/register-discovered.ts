// gateway.register_discovered_server (contract §2.5): records a registry package in discovered.json,
// pinned to an exact version. `@version` is optional: without it, the version an earlier
// gateway.search_registry returned for the package is pinned (Gatehouse does not ask npm or PyPI for
// "latest": it may be offline, and the pin should be what the agent saw). Registering approves
// nothing: provisioning it needs the operator.
import * as z from 'zod';
import { saveDiscovered } from '../../../discovery/discovered-store';
import { displaySpec, parsePackageSpec, policySpec, runCommand } from '../../../discovery/package-spec';
import { cachedRegistryVersion } from '../../../discovery/registry-versions';
import { jsonResult } from '../../envelope';
import { discoveryTool } from './discovery-tool';

const SERVER_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const createRegisterDiscoveredTool = discoveryTool('gateway.register_discovered_server', 'Register a registry server', {
  description: 'Record a registry package (pinned to an exact version) under a server name so it can be provisioned after an operator approves it.',
  annotations: { destructiveHint: false },
  input: z.object({
    package: z.string().min(1).max(214).describe('npm `name@1.2.3` / `@scope/name@1.2.3`, or `pypi:name@1.2.3`; without @version, the version gateway.search_registry returned is pinned.'),
    server_name: z.string().min(1).max(64),
    env_vars: z.array(z.string()).nullish(),
    description: z.string().max(300).nullish(),
  }),
  async run(state, args, gateway) {
    const refuse = (message: string, next_step: string | null = null) => jsonResult({ ok: false, server_name: args.server_name, registered: false, message, next_step });
    if (!SERVER_NAME.test(args.server_name)) return refuse(`server_name '${args.server_name.slice(0, 64)}' must be lowercase letters, digits, "-" or "_".`);
    const spec = parsePackageSpec(args.package);
    if (!spec.ok) return refuse(`package: ${spec.reason}.`);
    const version = spec.ref.version ?? cachedRegistryVersion(state.ctx, spec.ref);
    if (!version) {
      const name = displaySpec(spec.ref);
      return refuse(
        `package ${name} has no version, and no earlier gateway.search_registry result names it, so Gatehouse cannot pin one (it does not look up npm or PyPI). Pass an exact version (${name}@1.2.3), or search the registry first.`,
        `gateway.search_registry(query='${spec.ref.name}'), then register again; or pass ${name}@<exact version>`,
      );
    }
    const ref = { ...spec.ref, version };
    const envVars = args.env_vars ?? [];
    const badEnv = envVars.find((n) => !ENV_NAME.test(n));
    if (badEnv !== undefined) return refuse(`env_vars: '${badEnv.slice(0, 40)}' is not a variable name.`);
    if (state.manifest().servers.has(args.server_name) || gateway.supervisor.get(args.server_name)) {
      return refuse(`server_name '${args.server_name}' is already a manifest or configured server; pick another name.`);
    }
    saveDiscovered(state.ctx, {
      server_name: args.server_name,
      package: ref,
      env_vars: envVars,
      description: args.description ?? null,
      registered_at: new Date().toISOString(),
    });
    const run = runCommand(ref);
    const pinned = policySpec(ref);
    const from = spec.ref.version ? '' : ' (the version gateway.search_registry returned)';
    return jsonResult({
      ok: true,
      server_name: args.server_name,
      registered: true,
      message: `Registered '${args.server_name}' as ${pinned}${from}. It is installed only after the operator approves the package.`,
      install_command: [run.command, ...run.args],
      next_step: `ask the operator to run: gatehouse trust approve-package ${pinned}; then gateway.provision(server_name='${args.server_name}')`,
    });
  },
});
