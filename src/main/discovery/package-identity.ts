// What package a server runs, read from its provisioned entry or its command line, for update_server.
// Anything not certain is "unknown" and refused (contract §2.5): updating the wrong thing is worse than
// not updating.
import { basename } from 'node:path';
import type { ServerDefinition } from '../config/types';
import { parsePackageSpec } from './package-spec';
import type { ProvisionedEntry } from './provisioned-store';

export type PackageKind = 'npm' | 'pypi' | 'cargo' | 'docker' | 'unknown';

export interface Identity {
  package_type: PackageKind;
  package_name: string | null;
  /** Why it cannot be updated (a pin or an uncertain identity); null when it can. */
  refusal: string | null;
}

const firstPositional = (args: string[]) => args.find((a) => !a.startsWith('-'));

export function identify(definition: ServerDefinition, provisioned: ProvisionedEntry | undefined): Identity {
  if (provisioned?.package) {
    const p = provisioned.package;
    return { package_type: p.type, package_name: p.name, refusal: p.version ? `it is pinned to ${p.version}` : null };
  }
  if (definition.transport !== 'stdio') return { package_type: 'unknown', package_name: null, refusal: 'it is a remote server (nothing to update locally)' };
  const command = basename(definition.command).replace(/\.(cmd|exe)$/i, '');
  const args = definition.args;
  if (command === 'npx') {
    const packageFlag = args.find((a) => a.startsWith('--package='))?.slice('--package='.length);
    const raw = packageFlag ?? firstPositional(args);
    const spec = raw ? parsePackageSpec(raw) : null;
    if (!raw || !spec) return { package_type: 'unknown', package_name: null, refusal: 'the npx command names no package' };
    if (!spec.ok) return { package_type: 'npm', package_name: null, refusal: /version/.test(spec.reason) ? `it is pinned (${raw})` : `its package is uncertain: ${spec.reason}` };
    return { package_type: 'npm', package_name: spec.ref.name, refusal: spec.ref.version ? `it is pinned (npm @${spec.ref.version})` : null };
  }
  if (command === 'uvx') {
    const fromIndex = args.indexOf('--from');
    const raw = fromIndex >= 0 ? args[fromIndex + 1] : firstPositional(args);
    if (!raw) return { package_type: 'unknown', package_name: null, refusal: 'the uvx command names no package' };
    if (/==|@|>=|<=|~=/.test(raw)) return { package_type: 'pypi', package_name: raw.split(/[=@<>~]/)[0] ?? null, refusal: `it is pinned (${raw})` };
    const spec = parsePackageSpec(`pypi:${raw}`);
    return spec.ok ? { package_type: 'pypi', package_name: spec.ref.name, refusal: null } : { package_type: 'unknown', package_name: null, refusal: `its package is uncertain: ${spec.reason}` };
  }
  if (command === 'docker') {
    const image = args.slice(args.indexOf('run') + 1).find((a) => !a.startsWith('-') && /[/:a-z]/.test(a));
    return { package_type: 'docker', package_name: image ?? null, refusal: image && /:[^/]+$/.test(image) ? `it is pinned (docker :tag)` : 'Gatehouse updates npm and PyPI packages only' };
  }
  if (command === 'cargo') return { package_type: 'cargo', package_name: null, refusal: args.includes('--version') ? 'it is pinned (cargo --version)' : 'Gatehouse updates npm and PyPI packages only' };
  return { package_type: 'unknown', package_name: null, refusal: `its package cannot be told from the command "${command}"` };
}
