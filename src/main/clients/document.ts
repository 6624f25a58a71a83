// One interface over the per-format editors: open a client's config text for one entry, read the entry,
// and get the text with it set or removed. The planner never needs to know which format it holds.
import type { ClientSpec } from './table';
import { openJson, renderJsonEntry } from './json-doc';
import { openToml, renderTomlEntry } from './toml-doc';
import type { EditResult, OpenResult } from './entry-document';

export type { EditResult, EntryDocument, OpenResult } from './entry-document';

const BOM = '\uFEFF';

export function openDocument(client: ClientSpec, path: string, text: string, name: string): OpenResult {
  // Windows editors may save a byte-order mark: edit what follows it, and keep it.
  if (text.startsWith(BOM)) return keepingBom(openDocument(client, path, text.slice(BOM.length), name));
  if (client.format === 'toml') return openToml(path, text, client.servers, name);
  return openJson(client.format, path, text, client.servers, name);
}

function keepingBom(opened: OpenResult): OpenResult {
  if (!opened.ok) return opened;
  const { doc } = opened;
  const withBom = (result: EditResult): EditResult => (typeof result === 'string' ? BOM + result : result);
  return { ok: true, doc: { ...doc, withEntry: (wanted, owned) => withBom(doc.withEntry(wanted, owned)), withoutEntry: () => withBom(doc.withoutEntry()) } };
}

/** The entry as the file spells it (just the entry), for the before/after preview. */
export function renderEntry(client: ClientSpec, name: string, value: Record<string, unknown>): string[] {
  return client.format === 'toml' ? renderTomlEntry([...client.servers, name], value) : renderJsonEntry(name, value);
}
