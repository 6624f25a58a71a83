// What makes a server "the same server": a change here means its process must be replaced. Remote
// headers count with their values resolved from the environment (a credential rotated in the keychain
// is handled by Supervisor.recycleUsing, which the secrets index drives).
import type { ServerDefinition, StdioServerDefinition } from '../config/types';
import { buildChildEnv } from '../common/child-env';
import { interpolateValues } from '../common/interpolate';
import { createHash } from 'node:crypto';

/**
 * Its confinement settings count too: an edited profile replaces the process (it was spawned under the
 * old one). Nothing is added for an entry without settings, so identities recorded before stay the same.
 */
function confinementOf(definition: StdioServerDefinition): unknown[] {
  return definition.confinement || definition.cwdDeclared ? [[definition.confinement ?? null, definition.cwdDeclared ?? false]] : [];
}

export function definitionIdentity(definition: ServerDefinition, env: NodeJS.ProcessEnv): string {
  const { name, transport, startupPolicy } = definition;
  // Everything that shapes how it is launched or reached: a Python entry's runtime options, a remote
  // entry's declared auth metadata and whether its transport was inferred (the SSE probe) count too.
  const launch =
    definition.transport === 'stdio'
      ? [definition.command, definition.args, definition.cwd, buildChildEnv(env, definition.env).env, definition.python ?? null, ...confinementOf(definition)]
      : [definition.url, interpolateValues(definition.headers, (n) => env[n]).values, definition.auth ?? null, definition.transportInferred ?? false];
  // Hashed: the resolved values may be secrets and this string must be safe to keep around.
  // Trust counts too: approving (or revoking) a project file replaces its servers' handles.
  const trust = definition.untrusted ?? null;
  return createHash('sha256').update(JSON.stringify([name, transport, startupPolicy, launch, trust])).digest('hex');
}
