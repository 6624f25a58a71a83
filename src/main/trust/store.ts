// Operator approvals kept in $XDG_STATE_HOME/gatehouse/trust.json (contract §4.5): project files are
// trusted by the SHA-256 of their exact bytes, discovered packages by their exact `npm:name@version`.
// Agents cannot approve anything: only the control panel and `gatehouse trust …` call the writers here.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { asRecord, readJson, updateJson } from '../discovery/json-file';

const FILE = 'trust.json';

export interface FileApproval {
  path: string;
  sha256: string;
  approved_at: string | null;
}

export interface PackageApproval {
  spec: string;
  approved_at: string | null;
}

export function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The key a file is approved under: its real path, so a symlink or `..` cannot stand in for another file. */
export function trustKey(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function trustFile(stateDir: string): string {
  return join(stateDir, FILE);
}

function fileRecords(stateDir: string): Record<string, unknown> {
  return asRecord(readJson(trustFile(stateDir)).files);
}

/** The digest an approval holds for this file, or null. Older entries stored the bare digest. */
export function approvedDigest(stateDir: string, path: string): string | null {
  const record = fileRecords(stateDir)[trustKey(path)];
  if (typeof record === 'string') return record;
  const digest = asRecord(record).sha256;
  return typeof digest === 'string' ? digest : null;
}

export function fileApproved(stateDir: string, path: string, bytes: string | Uint8Array): boolean {
  return approvedDigest(stateDir, path) === sha256(bytes);
}

/** Approves these exact bytes of the file; returns the digest stored. For the operator's own surfaces. */
export function approveFile(stateDir: string, path: string, bytes: string | Uint8Array): string {
  const digest = sha256(bytes);
  const files = { ...fileRecords(stateDir), [trustKey(path)]: { sha256: digest, approved_at: new Date().toISOString() } };
  updateJson(trustFile(stateDir), 'files', files);
  return digest;
}

/** Withdraws the approval of a file; false when it had none. */
export function revokeFile(stateDir: string, path: string): boolean {
  const files = fileRecords(stateDir);
  const key = trustKey(path);
  if (!(key in files)) return false;
  delete files[key];
  updateJson(trustFile(stateDir), 'files', files);
  return true;
}

export function packageApproved(stateDir: string, spec: string): boolean {
  return spec in asRecord(readJson(trustFile(stateDir)).packages);
}

export function approvePackage(stateDir: string, spec: string): void {
  const packages = { ...asRecord(readJson(trustFile(stateDir)).packages), [spec]: { approved_at: new Date().toISOString() } };
  updateJson(trustFile(stateDir), 'packages', packages);
}

export function revokePackage(stateDir: string, spec: string): boolean {
  const packages = asRecord(readJson(trustFile(stateDir)).packages);
  if (!(spec in packages)) return false;
  delete packages[spec];
  updateJson(trustFile(stateDir), 'packages', packages);
  return true;
}

export function listApprovals(stateDir: string): { files: FileApproval[]; packages: PackageApproval[] } {
  const data = readJson(trustFile(stateDir));
  const files = Object.entries(asRecord(data.files)).map(([path, record]) => {
    const entry = asRecord(record);
    const digest = typeof record === 'string' ? record : typeof entry.sha256 === 'string' ? entry.sha256 : '';
    return { path, sha256: digest, approved_at: typeof entry.approved_at === 'string' ? entry.approved_at : null };
  });
  const packages = Object.entries(asRecord(data.packages)).map(([spec, record]) => {
    const at = asRecord(record).approved_at;
    return { spec, approved_at: typeof at === 'string' ? at : null };
  });
  return { files: files.filter((f) => f.sha256), packages };
}
