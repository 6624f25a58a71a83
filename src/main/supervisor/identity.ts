// What makes a server "the same server": a change here means its process must be replaced. Remote
// headers count with their values resolved, so a rotated token is a change.
import type { ServerDefinition } from '../config/types';
import { buildChildEnv } from './child-env';
import { interpolateValues } from './interpolate';
import { createHash } from 'node:crypto';

export function definitionIdentity(definition: ServerDefinition, env: NodeJS.ProcessEnv): string {
  const { name, transport, startupPolicy } = definition;
  const launch =
    definition.transport === 'stdio'
      ? [definition.command, definition.args, definition.cwd, buildChildEnv(env, definition.env).env]
      : [definition.url, interpolateValues(definition.headers, (n) => env[n]).values];
  // Hashed: the resolved values may be secrets and this string must be safe to keep around.
  // Trust counts too: approving (or revoking) a project file replaces its servers' handles.
  const trust = definition.untrusted ?? null;
  return createHash('sha256').update(JSON.stringify([name, transport, startupPolicy, launch, trust])).digest('hex');
}
