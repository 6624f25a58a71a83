// Package identities: what a manifest or registry entry names, how it is spelled for policy
// (`npm:name@version`, `pypi:name==version`) and which command line runs it. Names are checked before
// they reach any argv, so a "package" can never smuggle a flag or a path.
import type { PackageRef, PackageType } from './types';

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const NPM_EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const PYPI_EXACT = /^\d+(?:\.\d+)*(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?$/;

export type SpecResult = { ok: true; ref: PackageRef } | { ok: false; reason: string };

/** `name`, `name@1.2.3`, `@scope/name@1.2.3`, or `pypi:name@1.2.3` / `pypi:name==1.2.3`. */
export function parsePackageSpec(raw: string): SpecResult {
  const text = raw.trim();
  if (!text || text.length > 214) return { ok: false, reason: 'package must be 1–214 characters' };
  if (text.startsWith('-')) return { ok: false, reason: 'package must not start with "-"' };
  const type: PackageType = text.startsWith('pypi:') ? 'pypi' : 'npm';
  const body = text.replace(/^(?:pypi|npm):/, '');
  const split = type === 'pypi' ? body.split(/==|@/) : splitNpm(body);
  const [name = '', version = null, ...rest] = split;
  if (rest.length) return { ok: false, reason: 'package has more than one version separator' };
  if (!(type === 'npm' ? NPM_NAME : PYPI_NAME).test(name)) {
    return { ok: false, reason: `"${name.slice(0, 80)}" is not a valid ${type === 'npm' ? 'npm' : 'PyPI'} package name` };
  }
  if (version !== null && !isExactVersion(type, version)) {
    return { ok: false, reason: `version "${version.slice(0, 40)}" is not an exact version (ranges and tags are refused)` };
  }
  return { ok: true, ref: { type, name, version } };
}

function splitNpm(body: string): string[] {
  const scoped = body.startsWith('@');
  const at = body.indexOf('@', scoped ? 1 : 0);
  if (at < 0) return [body];
  return [body.slice(0, at), ...body.slice(at + 1).split('@')];
}

export function isExactVersion(type: PackageType, version: string): boolean {
  return (type === 'npm' ? NPM_EXACT : PYPI_EXACT).test(version);
}

/** The spelling policy globs and trust.json use. */
export function policySpec(ref: PackageRef): string {
  if (ref.type === 'npm') return `npm:${ref.name}${ref.version ? `@${ref.version}` : ''}`;
  return `pypi:${ref.name}${ref.version ? `==${ref.version}` : ''}`;
}

export function displaySpec(ref: PackageRef): string {
  const base = ref.type === 'npm' ? ref.name : `pypi:${ref.name}`;
  return ref.version ? `${base}@${ref.version}` : base;
}

const BIN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * The server's own command line: `npx -y pkg@v` or `uvx pkg==v` (each runs the package's executable of
 * the same name); when the manifest names another executable, `npx -y --package=pkg@v bin` or
 * `uvx --from pkg==v bin`.
 */
export function runCommand(ref: PackageRef): { command: string; args: string[] } {
  const bin = ref.bin && BIN.test(ref.bin) ? ref.bin : null;
  if (ref.type === 'npm') {
    const spec = ref.version ? `${ref.name}@${ref.version}` : ref.name;
    return { command: 'npx', args: bin ? ['-y', `--package=${spec}`, bin] : ['-y', spec] };
  }
  const spec = ref.version ? `${ref.name}==${ref.version}` : ref.name;
  return { command: 'uvx', args: bin ? ['--from', spec, bin] : [spec] };
}

/**
 * The install step: fetches the package into npx's / uv's cache without starting the server, so the
 * first connect is fast and an install failure is reported as one, not as a handshake timeout.
 */
export function installCommand(ref: PackageRef): { command: string; args: string[] } {
  const spec = ref.version ? `${ref.name}@${ref.version}` : ref.name;
  if (ref.type === 'npm') return { command: 'npm', args: ['exec', '--yes', `--package=${spec}`, '--', 'node', '-e', '0'] };
  const py = ref.version ? `${ref.name}==${ref.version}` : ref.name;
  return { command: 'uv', args: ['tool', 'run', '--from', py, 'python', '-c', 'pass'] };
}
