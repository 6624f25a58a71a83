// A workspace for the confinement tests that the sandbox cannot hide by accident: it lives outside /tmp
// and outside every home (under node_modules/.cache of the repo, which the read-only system view shows),
// with its own HOME and XDG folders, so each refusal is proven by the rule meant to give it — Gatehouse's
// folders hidden by name, the home made private — and not by /tmp being private anyway. Planted canaries
// stand in for what a real machine keeps there.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { approveFile } from '../../../src/main/trust/store';
import { invoke } from '../../helpers/invoke';
import { REPO_ROOT, type Workspace } from '../../helpers/workspace';

export const ESCAPE_SERVER = join(REPO_ROOT, 'out/fixtures/escape-server.mjs');
const BASE = join(REPO_ROOT, 'node_modules/.cache/gatehouse-confinement');

export interface ConfinedWorkspace extends Workspace {
  /** The gateway's environment: this HOME and XDG folders, plus `extra`. */
  env: NodeJS.ProcessEnv;
  /** Paths of the planted canaries, by what they stand for. */
  canaries: Record<'sshKey' | 'awsCredentials' | 'keyringFile' | 'instanceJson' | 'trustStore' | 'secretsIndex' | 'siblingData' | 'projectFile', string>;
  configDir: string;
  cacheDir: string;
  /** Where servers' own data folders are ($XDG_STATE_HOME/gatehouse/servers). */
  dataRoot: string;
  /** A folder nothing grants (the read-only system view shows it). */
  outside: string;
  /** Writes the user's own ~/.mcp.json (not a project file: it may relax confinement). */
  writeUserConfig(config: unknown): void;
}

export function createConfinedWorkspace(extra: NodeJS.ProcessEnv = {}): ConfinedWorkspace {
  mkdirSync(BASE, { recursive: true });
  const root = mkdtempSync(join(BASE, 'ws-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const outside = join(root, 'outside');
  const xdg = { config: join(root, 'xdg-config'), state: join(root, 'xdg-state'), cache: join(root, 'xdg-cache') };
  // The core's state folder (trust.json, instance.json) is moved out of the XDG state folder, as a
  // gateway's options may move it: hidden by name, not by the private XDG folder around it.
  const stateDir = join(root, 'gatehouse-state');
  const dataRoot = join(xdg.state, 'gatehouse', 'servers');
  const configDir = join(xdg.config, 'gatehouse');
  const cacheDir = join(xdg.cache, 'gatehouse');
  const plant = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };
  for (const dir of [home, project, outside, stateDir, configDir, cacheDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const canaries = {
    sshKey: plant(join(home, '.ssh/id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY----- canary-ssh'),
    awsCredentials: plant(join(home, '.aws/credentials'), '[default]\naws_secret_access_key = canary-aws'),
    keyringFile: plant(join(home, '.local/share/keyrings/login.keyring'), 'canary-keyring'),
    instanceJson: plant(join(stateDir, 'instance.json'), '{"token":"canary-instance"}'),
    trustStore: plant(join(stateDir, 'trust.json'), '{}'),
    secretsIndex: plant(join(configDir, 'secrets-index.json'), '{"names":["CANARY"]}'),
    siblingData: plant(join(dataRoot, 'sibling/notes.txt'), 'canary-sibling'),
    projectFile: plant(join(project, 'README.md'), 'the project'),
  };
  writeFileSync(join(project, 'package.json'), '{}');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: xdg.config,
    XDG_STATE_HOME: xdg.state,
    XDG_CACHE_HOME: xdg.cache,
    ...extra,
  };
  return {
    root,
    project,
    home,
    stateDir,
    configDir,
    cacheDir,
    dataRoot,
    outside,
    env,
    canaries,
    writeConfig(config, file = join(project, '.mcp.json'), options = {}) {
      const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
      writeFileSync(file, text);
      if (file === join(project, '.mcp.json') && options.approve !== false) approveFile(stateDir, file, text);
      // approveFile rewrote trust.json: it is still the trust store the tests try to read.
      return file;
    },
    writeUserConfig(config) {
      writeFileSync(join(home, '.mcp.json'), JSON.stringify(config, null, 2));
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function escapeServer(confinement?: Record<string, unknown>, env: Record<string, string> = {}) {
  return { command: process.execPath, args: [ESCAPE_SERVER], env, ...(confinement ? { gatehouse: { confinement } } : {}) };
}

/** Calls one escape tool and parses its JSON answer. */
export async function attempt<T = Record<string, unknown>>(client: Client, server: string, tool: string, args: Record<string, unknown> = {}): Promise<T> {
  const outcome = await invoke(client, `${server}::${tool}`, args);
  if (!outcome.ok || outcome.text === null) throw new Error(`${server}::${tool} failed: ${outcome.code} ${outcome.message}`);
  return JSON.parse(outcome.text) as T;
}

/** One entry of this process's own start-up environment: what a reader of /proc/<pid>/environ would find. */
export function ownEnvironEntry(): string {
  const entries = readFileSync('/proc/self/environ', 'latin1').split('\0').filter((e) => e.startsWith('PATH='));
  if (!entries[0]) throw new Error('no PATH in /proc/self/environ');
  return entries[0];
}
