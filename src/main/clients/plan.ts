// Preview-then-apply for a client's gatehouse entry (contract §4.6). `planSetup` reads and computes
// without touching disk; `applySetup` writes a plan only if the file still has the exact bytes (or the
// absence) the plan was computed from — checked before writing and again right before the rename —
// atomically, keeping its permission bits. Every planned text is re-read before it is offered: the entry
// must come out as intended and everything else unchanged. Concurrent writers: see write-setup.ts.
import { chmodSync, statSync } from 'node:fs';
import { SymlinkRefused, writeFileAtomic } from '../common/atomic-write';
import { present } from '../common/file-presence';
import { openDocument, type EditResult, type EntryDocument } from './document';
import { buildEntry, entryMatches, mergeEntry, ownedKeys, sameData, type EntryRequest } from './entry';
import { chooseFile, clientFiles, type PathContext } from './paths';
import type { ClientSpec } from './table';
import { readTarget, type SetupProblem } from './target-file';

export interface SetupRequest {
  client: ClientSpec;
  ctx: PathContext;
  name: string;
  action: 'set' | 'remove';
  /** What to connect to (for "set"). */
  entry?: EntryRequest;
}

export interface SetupPlan {
  ok: boolean;
  client: ClientSpec;
  action: 'set' | 'remove';
  name: string;
  path: string;
  exists: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changed: boolean;
  /** The whole new file text when something changes. */
  text: string | null;
  digest: string;
  mode: number;
  problem: SetupProblem | null;
}

/** A symbolic link counts as present (so it is refused), even when it dangles. */
export function clientFile(client: ClientSpec, ctx: PathContext): string {
  return chooseFile(clientFiles(client, ctx), present);
}

/** `data` without the entry, and without containers on the way to it that are left empty. */
function withoutEntry(data: unknown, path: readonly string[]): unknown {
  const [head, ...tail] = path;
  if (head === undefined || typeof data !== 'object' || data === null || Array.isArray(data) || !(head in data)) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const inner = tail.length ? withoutEntry(copy[head], tail) : undefined;
  if (inner === undefined || (typeof inner === 'object' && inner !== null && !Array.isArray(inner) && !Object.keys(inner).length)) delete copy[head];
  else copy[head] = inner;
  return copy;
}

function verify(plan: SetupPlan, opened: EntryDocument, text: string): SetupProblem | null {
  const again = openDocument(plan.client, plan.path, text, plan.name);
  const keys = [...plan.client.servers, plan.name];
  const fine = again.ok && sameData(again.doc.entry ?? null, plan.after) && sameData(withoutEntry(again.doc.data, keys), withoutEntry(opened.data, keys));
  if (fine) return null;
  return { code: 'internal', message: `Gatehouse could not edit ${plan.path} without touching other content (a layout it does not handle); nothing was written. Add the entry by hand.` };
}

export function planSetup(request: SetupRequest): SetupPlan {
  const { client, name, action } = request;
  const path = clientFile(client, request.ctx);
  const file = readTarget(path);
  let plan: SetupPlan = { ok: true, client, action, name, path, exists: file.exists, before: null, after: null, changed: false, text: null, digest: file.digest, mode: file.mode, problem: null };
  const fail = (problem: SetupProblem): SetupPlan => ({ ...plan, ok: false, changed: false, text: null, problem });
  if (file.problem) return fail(file.problem);
  const opened = openDocument(client, path, file.text, name);
  if (!opened.ok) return fail(opened.problem);
  const { doc } = opened;
  plan = { ...plan, before: doc.entry ?? null };
  let edited: EditResult;
  if (action === 'remove') {
    if (!doc.entry) return plan;
    plan = { ...plan, changed: true };
    edited = doc.withoutEntry();
  } else {
    if (!request.entry) throw new Error('planSetup: a "set" needs an entry request');
    const built = buildEntry(client, request.entry);
    if (!built.ok) return fail({ code: 'refused_by_client', message: built.reason });
    const owned = ownedKeys(client);
    plan = { ...plan, after: mergeEntry(doc.entry, built.entry, owned) };
    if (entryMatches(doc.entry, built.entry, owned)) return plan;
    plan = { ...plan, changed: true };
    edited = doc.withEntry(built.entry, owned);
  }
  if (typeof edited !== 'string') return fail(edited.problem);
  const problem = verify(plan, doc, edited);
  return problem ? fail(problem) : { ...plan, text: edited };
}

export interface ApplyOutcome {
  ok: boolean;
  written: boolean;
  problem: SetupProblem | null;
}

export interface ApplyOptions {
  /**
   * Asked right before the new file replaces the old one (just before the last content check); a problem
   * aborts the write. The locked writer uses it to make sure it still holds its lock.
   */
  beforeRename?: () => SetupProblem | null;
}

/** Thrown from inside the atomic write to abort it just before the rename. */
class Aborted extends Error {
  constructor(readonly problem: SetupProblem) {
    super(problem.message);
  }
}

function changedProblem(path: string): SetupProblem {
  return { code: 'concurrent_modification', message: `E103 write refused: ${path} changed since it was read; nothing was written. Run setup again to see a fresh preview.` };
}

/**
 * Writes a plan. Refuses when the file's bytes (or its absence) differ from what the plan read: before
 * writing, and once more with the new file ready, just before it is renamed over the target, so an
 * editor or app that saved the file meanwhile (and knows nothing of our lock) does not lose its change.
 */
export function applySetup(plan: SetupPlan, options: ApplyOptions = {}): ApplyOutcome {
  if (!plan.ok || !plan.changed || plan.text === null) return { ok: plan.ok, written: false, problem: plan.problem };
  const now = readTarget(plan.path);
  if (now.problem?.code === 'symlink_refused') return { ok: false, written: false, problem: now.problem };
  if (now.digest !== plan.digest) return { ok: false, written: false, problem: changedProblem(plan.path) };
  const lastCheck = () => {
    const problem = options.beforeRename?.() ?? null;
    if (problem) throw new Aborted(problem);
    // Last of all, as close to the rename as we can get: the bytes are still the ones the plan merged into.
    const latest = readTarget(plan.path);
    if (latest.problem?.code === 'symlink_refused') throw new Aborted(latest.problem);
    if (latest.digest !== plan.digest) throw new Aborted(changedProblem(plan.path));
  };
  try {
    writeFileAtomic(plan.path, plan.text, plan.mode, { beforeRename: lastCheck });
  } catch (error) {
    if (error instanceof Aborted) return { ok: false, written: false, problem: error.problem };
    if (error instanceof SymlinkRefused) return { ok: false, written: false, problem: { code: 'symlink_refused', message: error.message } };
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, written: false, problem: { code: 'write_failed', message: `E103 write failed: ${plan.path} (${code}); nothing was changed. Check the folder's permissions and free space.` } };
  }
  try {
    // The temp file was created through the umask; put back exactly the bits the file had.
    if ((statSync(plan.path).mode & 0o777) !== plan.mode) chmodSync(plan.path, plan.mode);
  } catch {
    // The content is written; a mode we could not restore is not worth reporting the write as failed.
  }
  return { ok: true, written: true, problem: null };
}
