// What makes a server "the same server": a change here means its process must be replaced. Remote
// headers count with their values resolved from the environment (a credential rotated in the keychain
// is handled by Supervisor.recycleUsing, which the secrets index drives).
import type { ServerDefinition } from '../config/types';
import { buildChildEnv } from '../common/child-env';
import { interpolateValues } from '../common/interpolate';
import { createHash } from 'node:crypto';

export function definitionIdentity(definition: ServerDefinition, env: NodeJS.ProcessEnv): string {
  const { name, transport, startupPolicy } = definition;
  // Everything that shapes how it is launched or reached: a Python entry's runtime options, a remote
  // entry's declared auth metadata and whether its transport was inferred (the SSE probe) count too.
  const launch =
    definition.transport === 'stdio'
      ? [definition.command, definition.args, definition.cwd, buildChildEnv(env, definition.env).env, definition.python ?? null]
      : [definition.url, interpolateValues(definition.headers, (n) => env[n]).values, definition.auth ?? null, definition.transportInferred ?? false];
  // Hashed: the resolved values may be secrets and this string must be safe to keep around.
  // Trust counts too: approving (or revoking) a project file replaces its servers' handles.
  const trust = definition.untrusted ?? null;
  return createHash('sha256').update(JSON.stringify([name, transport, startupPolicy, launch, trust])).digest('hex');
}
