// Operator approvals kept in $XDG_STATE_HOME/gatehouse/trust.json (contract §4.5): project files are
// trusted by the SHA-256 of their exact bytes, discovered packages by their exact `npm:name@version`.
// Agents cannot approve anything: only the control panel and `gatehouse trust …` call the writers here.
//
// A file approval is keyed by the project root's real path joined with the file's place in the project
// (`<real root>/.mcp.json`). Project files are read only as regular files with no link on their way
// from the root (common/read-file.ts), so for every file Gatehouse will read, this key is the file's own
// real path: the key earlier versions used, which is why their approvals stay valid. What changed is
// that a link no longer carries an approval from one checkout to another: checkout B's `.mcp.json`
// is looked up under B's root whatever it points to (and, being a link, is refused anyway).
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { asRecord, readJson, updateJson } from '../common/json-file';
import { projectPlace } from './place';

const FILE = 'trust.json';

export interface FileApproval {
  path: string;
  sha256: string;
  approved_at: string | null;
  /** The project root's real path the approval is bound to (absent in approvals of earlier versions). */
  project_root: string | null;
}

/** What the operator saw an entry resolve to when approving: kept with the approval as a record. */
export interface ApprovedEntry {
  name: string;
  launches: string;
  cwd: string | null;
}

export interface PackageApproval {
  spec: string;
  approved_at: string | null;
}

export function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/**
 * The key a file is approved under: the real path of its project root joined with its place in the
 * project (for any other path, its folder's real path joined with its name). A link at the file or at
 * `.gatehouse` is never followed, so it cannot stand in for another checkout's file.
 */
export function trustKey(path: string): string {
  const place = projectPlace(path);
  if (place) return join(realDir(place.root), ...place.relative.split('/'));
  const absolute = resolve(path);
  return join(realDir(dirname(absolute)), basename(absolute));
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

/**
 * Approves these exact bytes of the file; returns the digest stored. For the operator's own surfaces.
 * The record keeps the project it is bound to and, when given, what its entries resolved to.
 */
export function approveFile(stateDir: string, path: string, bytes: string | Uint8Array, entries?: ApprovedEntry[]): string {
  const digest = sha256(bytes);
  const place = projectPlace(path);
  const record = {
    sha256: digest,
    approved_at: new Date().toISOString(),
    ...(place ? { project_root: realDir(place.root), file: place.relative } : {}),
    ...(entries ? { entries } : {}),
  };
  const files = { ...fileRecords(stateDir), [trustKey(path)]: record };
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
    const root = entry.project_root;
    return { path, sha256: digest, approved_at: typeof entry.approved_at === 'string' ? entry.approved_at : null, project_root: typeof root === 'string' ? root : null };
  });
  const packages = Object.entries(asRecord(data.packages)).map(([spec, record]) => {
    const at = asRecord(record).approved_at;
    return { spec, approved_at: typeof at === 'string' ? at : null };
  });
  return { files: files.filter((f) => f.sha256), packages };
}
