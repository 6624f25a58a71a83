// Puts a stdio server's spawn inside its confinement (common/confinement/plan.ts): its data folder and
// its runner's caches are created first (a bind needs them to exist), the argv becomes bubblewrap's, and
// a server this host cannot confine — and that nothing allowed to run unconfined — does not start (E204,
// with the reason and the next step). The view goes with the spawned child into its health row.
import { existsSync, mkdirSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { findExecutable } from '../../common/find-executable';
import { homedir } from 'node:os';
import { buildChildEnv } from '../../common/child-env';
import { gatehouseDirs } from '../../common/dirs';
import { GatewayError } from '../../common/errors';
import { describePathsRemembered, type describePaths } from '../../common/confinement/facts';
import { runnerCaches } from '../../common/confinement/layout';
import type { HostSupport } from '../../common/confinement/host-support';
import { planConfinement, type ConfinementPlan } from '../../common/confinement/plan';
import { runnerOf } from '../../common/confinement/profile';
import { notApplicable, type ConfinementView } from '../../common/confinement/view';
import { confinementInputOf } from '../../config/confinement-entry';
import type { ServerDefinition, StdioServerDefinition } from '../../config/types';
import { DATA_DIR_VARIABLE, serverDataDir } from '../../runtime/launch';

export interface ConfinementContext {
  /** Gatehouse's own folders as this gateway uses them (its options may move state and cache). */
  gatehouseDirs: string[];
  /** Homes besides $HOME (the config's home folder when it is another). */
  extraHomes: string[];
  /** What the host supports; probed once per process when absent (tests describe hosts this one is not). */
  support?: HostSupport;
}

export function confinementContext(gatewayEnv: NodeJS.ProcessEnv, more: { stateDir?: string; cacheDir?: string; homeDir?: string } = {}): ConfinementContext {
  const dirs = gatehouseDirs(gatewayEnv, more.homeDir ?? homedir());
  const folders = [dirs.config, dirs.state, dirs.cache, more.stateDir, more.cacheDir].filter((d): d is string => typeof d === 'string');
  return { gatehouseDirs: [...new Set(folders)], extraHomes: more.homeDir ? [more.homeDir] : [] };
}

interface SpawnSpecLike {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** The server's own data folder: the one Python servers already get (GATEHOUSE_DATA_DIR). */
function dataDirOf(definition: StdioServerDefinition, gatewayEnv: NodeJS.ProcessEnv): string | null {
  return serverDataDir(gatehouseDirs(gatewayEnv), definition.name);
}

function plan(definition: StdioServerDefinition, spec: SpawnSpecLike, gatewayEnv: NodeJS.ProcessEnv, context: ConfinementContext, dataDir: string | null, describe?: typeof describePaths): ConfinementPlan {
  return planConfinement({
    ...confinementInputOf(definition),
    command: spec.command,
    args: spec.args,
    childEnv: spec.env,
    gatewayEnv,
    gatehouseDirs: context.gatehouseDirs,
    extraHomes: context.extraHomes,
    dataDir,
    ...(context.support && { support: context.support }),
    ...(describe && { describe }),
  });
}

/** What a server not started yet would get (for its health row): from its entry, nothing created; a remote one has nothing to confine. */
export function plannedConfinement(definition: ServerDefinition, gatewayEnv: NodeJS.ProcessEnv, context: ConfinementContext = confinementContext(gatewayEnv)): ConfinementView {
  if (definition.transport !== 'stdio') return notApplicable();
  const env = buildChildEnv(gatewayEnv, {}).env;
  return plan(definition, { command: definition.command, args: definition.args, env, cwd: definition.cwd }, gatewayEnv, context, dataDirOf(definition, gatewayEnv), describePathsRemembered).view;
}

/** The spec to spawn (bubblewrap's when confined) and the view; E204 when the server cannot be confined. */
export function confineSpawn<T extends SpawnSpecLike>(definition: StdioServerDefinition, spec: T, gatewayEnv: NodeJS.ProcessEnv, context: ConfinementContext): { spec: T; view: ConfinementView } {
  const dataDir = spec.env[DATA_DIR_VARIABLE] ?? dataDirOf(definition, gatewayEnv);
  const first = plan(definition, spec, gatewayEnv, context, dataDir);
  if (first.view.state === 'unavailable') {
    throw new GatewayError('E204', `server "${definition.name}" was not started: ${first.view.reason}`, { server: definition.name, confinement: 'unavailable' },
      'run `gatehouse doctor` to see what this host supports', false);
  }
  if (!first.wrap) return { spec, view: first.view };
  // Inside, bubblewrap would only say "execvp: No such file"; the spawn's own ENOENT names the fix.
  if (!commandExists(spec.command, spec.env.PATH)) throw Object.assign(new Error(`${spec.command}: not found`), { code: 'ENOENT' });
  // Made before the final plan: a bind needs its source to exist (0700, like every folder of ours).
  for (const dir of [dataDir, ...runnerCaches(runnerOf([spec.command, ...spec.args]), spec.env.HOME ?? homedir(), spec.env)]) {
    if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const final = plan(definition, spec, gatewayEnv, context, dataDir);
  if (!final.wrap) return { spec, view: final.view };
  const env = dataDir ? { ...spec.env, [DATA_DIR_VARIABLE]: dataDir } : spec.env;
  return { spec: { ...spec, command: final.wrap.command, args: final.wrap.args, env }, view: final.view };
}

function commandExists(command: string, path: string | undefined): boolean {
  if (command.includes('/')) return isAbsolute(command) && existsSync(command);
  return findExecutable(command, path) !== null;
}
