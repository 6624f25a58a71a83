// `"gatehouse": {"confinement": {...}}` in a stdio entry: what the server may touch beyond the defaults
// (common/confinement/profile.ts). Paths resolve like the entry's own (relative to the file, `~/` to the
// home). A project's file may narrow confinement and grant paths inside its own project, but never relax
// it: turning it off, allowing it to be skipped, the Docker socket and paths outside the project are the
// operator's to grant, in their own files (project trust decides what runs; confinement what it touches).
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import * as z from 'zod';
import type { ConfinementSettings, Grant } from '../common/confinement/profile';
import { within } from '../common/confinement/argv';
import type { ConfigSourceKind } from '../../shared/domain';
import type { StdioServerDefinition } from './types';

// Ports below 1024: inside its sandbox the forwarder has no capability to listen on a privileged port.
const PORT = z
  .number({ error: 'loopback_ports: each port is a number' })
  .int('loopback_ports: each port is a whole number')
  .min(1024, 'loopback_ports: ports below 1024 cannot be bridged (inside its sandbox a server may not listen on a privileged port); use the service\'s port 1024–65535')
  .max(65535, 'loopback_ports: a port is at most 65535');

const GrantSchema = z.union([
  z.string().min(1, 'a grant is a path, or {"path": ..., "access": "ro" | "rw"}'),
  z.object({ path: z.string().min(1), access: z.enum(['ro', 'rw'], { error: 'access must be "ro" or "rw"' }).default('ro') }).strict(),
]);

export const ConfinementEntrySchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    allow_unconfined: z.boolean({ error: 'allow_unconfined must be true or false' }).optional(),
    network: z.enum(['none', 'loopback', 'full'], { error: 'network must be "none", "loopback" or "full"' }).optional(),
    loopback_ports: z
      .array(PORT)
      .refine((ports) => new Set(ports).size === ports.length, 'loopback_ports: a port is listed twice')
      .optional(),
    project: z.enum(['none', 'ro', 'rw'], { error: 'project must be "none", "ro" or "rw"' }).optional(),
    grants: z.array(GrantSchema).optional(),
    docker: z.boolean({ error: 'docker must be true or false' }).optional(),
  })
  .strict()
  .refine((entry) => entry.loopback_ports === undefined || entry.network === 'loopback', {
    message: 'loopback_ports applies only with "network": "loopback" (the host\'s loopback ports it may reach); add that, or remove loopback_ports',
    path: ['loopback_ports'],
  });

export type ConfinementProblem = { message: string; path: PropertyKey[] };

/** The entry's confinement settings, or its problems (paths relative to the entry: `gatehouse.confinement…`). */
export function readConfinement(raw: unknown, source: ConfigSourceKind, baseDir: string): { settings: ConfinementSettings } | { problems: ConfinementProblem[] } {
  const at = (path: PropertyKey[]) => ['gatehouse', 'confinement', ...path];
  const parsed = ConfinementEntrySchema.safeParse(raw);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => ({ message: `gatehouse.confinement: ${issue.message}`, path: at(issue.path) })) };
  const entry = parsed.data;
  const grants: Grant[] = (entry.grants ?? []).map((grant) => {
    const { path, access } = typeof grant === 'string' ? { path: grant, access: 'ro' as const } : grant;
    return { path: resolveGrant(path, baseDir), access };
  });
  const problems: ConfinementProblem[] = [];
  if (source === 'project') {
    const relaxes = `a project's .mcp.json cannot relax confinement; the operator can, for a server in their own ~/.mcp.json, or for every server with GATEHOUSE_CONFINEMENT=off`;
    if (entry.enabled === false) problems.push({ message: `gatehouse.confinement.enabled: ${relaxes}`, path: at(['enabled']) });
    if (entry.allow_unconfined) problems.push({ message: `gatehouse.confinement.allow_unconfined: ${relaxes}`, path: at(['allow_unconfined']) });
    if (entry.docker) problems.push({ message: `gatehouse.confinement.docker: ${relaxes}`, path: at(['docker']) });
    grants.forEach((grant, index) => {
      if (!within(grant.path, baseDir)) problems.push({ message: `gatehouse.confinement.grants: ${grant.path} is outside the project; a project may grant only its own folders (${relaxes})`, path: at(['grants', index]) });
    });
  }
  if (problems.length) return { problems };
  return {
    settings: {
      ...(entry.enabled !== undefined && { enabled: entry.enabled }),
      ...(entry.allow_unconfined !== undefined && { allowUnconfined: entry.allow_unconfined }),
      ...(entry.network !== undefined && { network: entry.network }),
      ...(entry.loopback_ports !== undefined && { loopbackPorts: entry.loopback_ports }),
      ...(entry.project !== undefined && { project: entry.project }),
      ...(grants.length > 0 && { grants }),
      ...(entry.docker !== undefined && { docker: entry.docker }),
    },
  };
}

/** `~` and `~/x` are the home; a relative path is relative to the file's folder. */
function resolveGrant(path: string, baseDir: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return join(homedir(), path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(baseDir, path);
}

/** What the confinement plan needs to know of a stdio definition. */
export function confinementInputOf(definition: StdioServerDefinition) {
  return {
    settings: definition.confinement,
    source: definition.source,
    sourcePath: definition.sourcePath,
    cwd: definition.cwd,
    cwdDeclared: definition.cwdDeclared === true,
    runtimeRoot: definition.python?.root ?? null,
  };
}
