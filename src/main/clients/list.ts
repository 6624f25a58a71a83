// `gatehouse setup --list`: for every known client, whether it looks installed, which file holds its
// user config, and whether that file has a gatehouse entry and what the entry launches or connects to.
// Read-only; a file that cannot be read or parsed is reported on its row, never fatal.
import { openDocument } from './document';
import { describeEntry, type EntrySummary } from './entry';
import { clientFolders, type PathContext } from './paths';
import { clientFile, present } from './plan';
import { CLIENTS, type ClientSpec } from './table';
import { readTarget } from './target-file';

export interface ClientRow {
  client: string;
  label: string;
  detected: boolean;
  path: string;
  exists: boolean;
  entry: EntrySummary | null;
  problem: string | null;
}

export function listRow(client: ClientSpec, ctx: PathContext, name: string): ClientRow {
  const path = clientFile(client, ctx);
  const file = readTarget(path);
  const detected = file.exists || clientFolders(client, ctx).some(present);
  const row: ClientRow = { client: client.id, label: client.label, detected, path, exists: file.exists, entry: null, problem: file.problem?.message ?? null };
  if (!file.exists || file.problem) return row;
  const opened = openDocument(client, path, file.text, name);
  if (!opened.ok) return { ...row, problem: opened.problem.message };
  return { ...row, entry: opened.doc.entry ? describeEntry(client, opened.doc.entry) : null };
}

export function listClients(ctx: PathContext, name: string): ClientRow[] {
  return CLIENTS.map((client) => listRow(client, ctx, name));
}
