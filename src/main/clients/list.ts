// `gatehouse setup --list`: for every known client, whether it looks installed (detect.ts: by its own
// traces, not by files Gatehouse wrote), which file holds its user config, and whether that file has a
// gatehouse entry and what the entry launches or connects to. Read-only; a file that cannot be read or
// parsed is reported on its row, never fatal.
import { detectClient, hasOwnSettings } from './detect';
import { openDocument } from './document';
import { describeEntry, type EntrySummary } from './entry';
import type { PathContext } from './paths';
import { clientFile } from './plan';
import { CLIENTS, type ClientSpec } from './table';
import { readTarget } from './target-file';

export interface ClientRow {
  client: string;
  label: string;
  detected: boolean;
  /** What showed it is installed: `folder …`, `command …` or `settings in …`; null when not detected. */
  detected_by: string | null;
  path: string;
  exists: boolean;
  entry: EntrySummary | null;
  problem: string | null;
}

export function listRow(client: ClientSpec, ctx: PathContext, name: string): ClientRow {
  const path = clientFile(client, ctx);
  const file = readTarget(path);
  const opened = file.exists && !file.problem ? openDocument(client, path, file.text, name) : null;
  // A file Gatehouse cannot read or parse was not written by Gatehouse: it is the client's (or its user's).
  const ownSettings = file.exists && (!opened?.ok || hasOwnSettings(opened.doc.data, [...client.servers, name]));
  const { detected, by } = detectClient(client, ctx, path, ownSettings);
  const row: ClientRow = { client: client.id, label: client.label, detected, detected_by: by, path, exists: file.exists, entry: null, problem: file.problem?.message ?? null };
  if (!opened) return row;
  if (!opened.ok) return { ...row, problem: opened.problem.message };
  return { ...row, entry: opened.doc.entry ? describeEntry(client, opened.doc.entry) : null };
}

export function listClients(ctx: PathContext, name: string): ClientRow[] {
  return CLIENTS.map((client) => listRow(client, ctx, name));
}
