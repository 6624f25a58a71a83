// What a package's own registry says about one release: version, description, publish date, homepage.
// Shown before an operator approves an exact version (`gatehouse trust approve-package`) and used by an
// install job to resolve "latest" to the exact version it installs. Registries are reached only through
// their clients' configuration: npm through `npm view` (npm's configured registry), PyPI through pip's
// configured index (PIP_INDEX_URL, else `pip config get global.index-url`, else pip's own default).
import { readResponseCapped } from '../common/read-response';
import { runProcess } from './run-process';
import type { PackageRef } from './types';

export interface PackageMetadata {
  name: string;
  version: string;
  description: string | null;
  /** ISO date-time the registry gives for this version's upload, when it gives one. */
  published: string | null;
  homepage: string | null;
}

export type MetadataAnswer =
  | { ok: true; metadata: PackageMetadata }
  /** missing: the registry answered that the package or this version does not exist. */
  | { ok: false; missing: boolean; reason: string };

const TIMEOUT_MS = 30_000;

export interface LookupOptions {
  env: NodeJS.ProcessEnv;
  /** A folder of Gatehouse's own to run the client in. */
  cwd: string;
  redact?: (line: string) => string;
  /** Silence after which the client is stopped; default 30 s. */
  timeoutMs?: number;
}

const httpUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.replace(/^git\+/, '').replace(/\.git$/, ''));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href.replace(/#readme$/, '') : null;
  } catch {
    return null;
  }
};

/** The `{"error": {code, summary}}` npm prints on stdout when a --json command fails, or null. */
function npmJsonError(stdout: string): { code: string; summary: string } | null {
  try {
    const error = (JSON.parse(stdout) as { error?: { code?: unknown; summary?: unknown } }).error;
    return error && typeof error.code === 'string' ? { code: error.code, summary: typeof error.summary === 'string' ? error.summary.slice(0, 300) : error.code } : null;
  } catch {
    return null;
  }
}

async function npmMetadata(ref: PackageRef, options: LookupOptions): Promise<MetadataAnswer> {
  const spec = `${ref.name}@${ref.version ?? 'latest'}`;
  const outcome = await runProcess({
    command: 'npm',
    args: ['view', spec, 'name', 'version', 'description', 'homepage', 'repository', 'time', '--json'],
    env: options.env,
    cwd: options.cwd,
    idleTimeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    redact: options.redact ?? ((line) => line),
  }).done;
  const said = outcome.tail.join(' ');
  // With --json npm also prints its error as JSON on stdout: the code is there even when the stderr lines
  // that name it (8 of them for a 404) have scrolled out of the kept tail.
  const failure = npmJsonError(outcome.stdout);
  if (outcome.kind === 'spawn_error') return { ok: false, missing: false, reason: `npm could not be started (${outcome.error ?? 'not found'})` };
  if (outcome.kind === 'timeout') return { ok: false, missing: false, reason: `npm view gave no answer in ${Math.round((options.timeoutMs ?? TIMEOUT_MS) / 1000)} s` };
  if (failure?.code === 'E404' || /E404|404 Not Found/.test(said)) return { ok: false, missing: true, reason: `npm: ${ref.name} is not in the registry (404)` };
  if (outcome.code !== 0) return { ok: false, missing: false, reason: `npm view failed: ${failure?.summary ?? outcome.tail.at(-1) ?? `exit ${outcome.code}`}` };
  // npm view prints nothing (exit 0) for a version the package does not have.
  if (!outcome.stdout.trim()) return { ok: false, missing: true, reason: `npm: ${ref.name} has no version ${ref.version ?? 'latest'}` };
  try {
    const data = JSON.parse(outcome.stdout) as Record<string, unknown> | Record<string, unknown>[];
    const meta = (Array.isArray(data) ? data.at(-1) : data) as Record<string, unknown>;
    const version = String(meta.version);
    const time = (meta.time ?? {}) as Record<string, unknown>;
    const repository = meta.repository as { url?: unknown } | string | undefined;
    return {
      ok: true,
      metadata: {
        name: String(meta.name ?? ref.name),
        version,
        description: typeof meta.description === 'string' ? meta.description : null,
        published: typeof time[version] === 'string' ? (time[version] as string) : null,
        homepage: httpUrl(meta.homepage) ?? httpUrl(typeof repository === 'string' ? repository : repository?.url),
      },
    };
  } catch {
    return { ok: false, missing: false, reason: 'npm view answered something that is not JSON' };
  }
}

/** pip's index URL, as pip itself would use it. */
async function pipIndex(options: LookupOptions): Promise<string | null> {
  if (options.env.PIP_INDEX_URL) return options.env.PIP_INDEX_URL;
  const ask = async (command: string, args: string[]) => {
    const outcome = await runProcess({ command, args, env: options.env, cwd: options.cwd, idleTimeoutMs: options.timeoutMs ?? TIMEOUT_MS, redact: (line) => line }).done;
    return outcome.kind === 'exit' && outcome.code === 0 ? outcome.stdout.trim() || null : null;
  };
  return (await ask('pip', ['config', 'get', 'global.index-url'])) ?? (await ask('python3', ['-c', 'from pip._internal.models.index import PyPI; print(PyPI.simple_url)']));
}

async function pypiMetadata(ref: PackageRef, options: LookupOptions): Promise<MetadataAnswer> {
  const index = await pipIndex(options);
  if (!index) return { ok: false, missing: false, reason: "pip's package index is unknown (no PIP_INDEX_URL, no pip config, no pip)" };
  // The PyPI JSON API lives beside the simple index: …/simple → …/pypi/NAME[/VERSION]/json.
  const base = index.replace(/\/+$/, '').replace(/\/simple$/, '/pypi');
  const url = `${base}/${encodeURIComponent(ref.name)}/${ref.version ? `${encodeURIComponent(ref.version)}/` : ''}json`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS), redirect: 'follow', headers: { accept: 'application/json' } });
    if (response.status === 404) return { ok: false, missing: true, reason: `PyPI: ${ref.name}${ref.version ? ` ${ref.version}` : ''} is not in the index (404)` };
    if (!response.ok) return { ok: false, missing: false, reason: `the package index answered HTTP ${response.status}` };
    const data = JSON.parse(await readResponseCapped(response, 4 * 1024 * 1024, 'the package index answer')) as { info?: Record<string, unknown>; urls?: { upload_time_iso_8601?: string }[] };
    const info = data.info ?? {};
    const urls = (info.project_urls ?? {}) as Record<string, unknown>;
    const homepage = ['Homepage', 'homepage', 'Home', 'Source', 'Repository', 'Documentation'].map((k) => httpUrl(urls[k])).find(Boolean) ?? httpUrl(info.home_page) ?? httpUrl(info.project_url);
    return {
      ok: true,
      metadata: {
        name: String(info.name ?? ref.name),
        version: String(info.version ?? ref.version ?? ''),
        description: typeof info.summary === 'string' ? info.summary : null,
        published: data.urls?.[0]?.upload_time_iso_8601 ?? null,
        homepage: homepage ?? null,
      },
    };
  } catch (error) {
    return { ok: false, missing: false, reason: `the package index could not be reached: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}` };
  }
}

export function packageMetadata(ref: PackageRef, options: LookupOptions): Promise<MetadataAnswer> {
  return ref.type === 'npm' ? npmMetadata(ref, options) : pypiMetadata(ref, options);
}
