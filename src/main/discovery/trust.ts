// Operator approvals kept in $XDG_STATE_HOME/gatehouse/trust.json (contract §4.5): project files are
// trusted by the SHA-256 of their exact bytes, discovered packages by their exact `npm:name@version`.
// Agents cannot approve anything: only the control panel or `gatehouse trust …` write here.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { asRecord, readJson, updateJson } from './json-file';

const FILE = 'trust.json';

export function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function fileApproved(stateDir: string, path: string, bytes: string): boolean {
  const files = asRecord(readJson(join(stateDir, FILE)).files);
  return files[path] === sha256(bytes);
}

export function packageApproved(stateDir: string, spec: string): boolean {
  return spec in asRecord(readJson(join(stateDir, FILE)).packages);
}

/** For the operator's own surfaces (CLI, panel); the meta-tools never call these. */
export function approveFile(stateDir: string, path: string, bytes: string): void {
  const files = { ...asRecord(readJson(join(stateDir, FILE)).files), [path]: sha256(bytes) };
  updateJson(join(stateDir, FILE), 'files', files);
}

export function approvePackage(stateDir: string, spec: string): void {
  const packages = { ...asRecord(readJson(join(stateDir, FILE)).packages), [spec]: { approved_at: new Date().toISOString() } };
  updateJson(join(stateDir, FILE), 'packages', packages);
}
