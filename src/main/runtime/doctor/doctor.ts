// `gatehouse doctor`: structured, read-only findings about the host, the Python runtime root and the
// configured servers. It never fixes anything, never creates the cache and never prints a secret.
import { homedir } from 'node:os';
import { DOCTOR_CATEGORIES, type CheckCategory } from '../check-ids';
import { gatehouseDirs, type GatehouseDirs } from '../../common/dirs';
import { Redactor } from '../redact';
import { RESULT_API_VERSION, type FailureDocument } from '../results';
import { configChecks } from './config-checks';
import { CONTAINER_MARKERS, detectEnvironment } from './environment';
import { dedupe, redactFindings, totals, type Finding } from './findings';
import { hostChecks } from './host-checks';
import { runtimeChecks } from './runtime-checks';
import { ConfigStore } from '../../config/store';
import type { StdioServerDefinition } from '../../config/types';

export interface DoctorOptions {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The raw `--category` value; null for every category. */
  category: string | null;
  offline: boolean;
  cacheDir?: string;
  homeDir?: string;
  projectRoot: string | null;
  configPath: string | null;
  dirs?: GatehouseDirs;
  uvCommand?: string | null;
  loginShellPath?: string | null;
  containerMarkers?: readonly string[];
  secrets?: string[];
}

export interface DoctorDocument {
  apiVersion: typeof RESULT_API_VERSION;
  kind: 'DoctorResult';
  status: 'healthy' | 'findings';
  root: string | null;
  environment: { kind: 'host' | 'container'; platform: string; arch: string };
  runtime: { uvVersion: string | null; pythonVersion: string | null };
  totals: { error: number; warn: number; info: number; deferred: number };
  findings: Finding[];
  errors: [];
}

export type DoctorOutcome = { exitCode: 0 | 1; document: DoctorDocument; line: string } | { exitCode: 3; document: FailureDocument; line: string };

/** `--category` must match [A-Za-z0-9_,-]+ and name only known categories; checked before uv runs. */
export function parseCategories(raw: string | null): { ok: true; categories: CheckCategory[] } | { ok: false; message: string } {
  if (raw === null) return { ok: true, categories: [...DOCTOR_CATEGORIES] };
  if (!/^[A-Za-z0-9_,-]+$/.test(raw)) return { ok: false, message: 'doctor category contains unsupported characters' };
  const names = raw.split(',').filter(Boolean);
  const unknown = names.find((name) => !DOCTOR_CATEGORIES.includes(name as CheckCategory));
  if (unknown !== undefined || names.length === 0) return { ok: false, message: `doctor category is unknown: ${unknown ?? raw}` };
  return { ok: true, categories: names as CheckCategory[] };
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorOutcome> {
  const redactor = Redactor.fromEnv(options.env, options.secrets);
  const categories = parseCategories(options.category);
  if (!categories.ok) {
    const document: FailureDocument = { apiVersion: RESULT_API_VERSION, kind: 'DoctorResult', status: 'unavailable', root: null, errors: [{ code: 'doctor.category-invalid', message: categories.message }] };
    return { exitCode: 3, document, line: categories.message };
  }
  const dirs = options.dirs ?? gatehouseDirs(options.env);
  const environment = detectEnvironment(options.containerMarkers ?? CONTAINER_MARKERS);
  const findings: Finding[] = [];
  let root: string | null = null;
  let runtime = { uvVersion: null as string | null, pythonVersion: null as string | null };

  if (categories.categories.includes('host')) {
    const servers = stdioServers(options, dirs);
    findings.push(...(await hostChecks({ environment, env: options.env, dirs, offline: options.offline, loginShellPath: options.loginShellPath ?? null, redactor, servers })));
  }
  if (categories.categories.includes('runtime')) {
    const result = await runtimeChecks({ root: options.root, cwd: options.cwd, env: options.env, dirs, cacheDir: options.cacheDir, offline: options.offline, uvCommand: options.uvCommand ?? null, redactor });
    root = result.root;
    runtime = { uvVersion: result.uvVersion, pythonVersion: result.pythonVersion };
    findings.push(...result.findings);
    findings.push(...(await configChecks({ projectRoot: options.projectRoot, homeDir: options.homeDir ?? homedir(), configPath: options.configPath, env: options.env, dirs, uvCommand: options.uvCommand ?? null })));
  }

  const final = redactFindings(dedupe(findings), redactor);
  const count = totals(final);
  const status = count.error + count.warn > 0 ? 'findings' : 'healthy';
  const document: DoctorDocument = {
    apiVersion: RESULT_API_VERSION,
    kind: 'DoctorResult',
    status,
    root,
    environment: { kind: environment.kind, platform: environment.platform, arch: environment.arch },
    runtime,
    totals: count,
    findings: final,
    errors: [],
  };
  return { exitCode: count.error > 0 ? 1 : 0, document, line: `${status}: ${count.error} error(s), ${count.warn} warning(s), ${count.deferred} deferred check(s)` };
}

/** The configured stdio servers (for which of them would run unconfined). */
function stdioServers(options: DoctorOptions, dirs: GatehouseDirs): StdioServerDefinition[] {
  const store = new ConfigStore({ projectRoot: options.projectRoot, homeDir: options.homeDir ?? homedir(), configPath: options.configPath, stateDir: dirs.state });
  return [...store.config.servers.values()].filter((d): d is StdioServerDefinition => d.transport === 'stdio' && d.untrusted === undefined);
}
