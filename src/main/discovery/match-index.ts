// The documents request_capability ranks: every manifest server, configured server, registered server
// and manifest CLI, each as a map of word stems to a field weight (its name counts most, then its
// keywords, its description, and last its category's words), plus how rare each stem is across them.
import { nameWords, stemWord, tokenize } from '../common/search-words';
import type { Manifest } from './types';

export type DocKind = 'cli' | 'server';
export type DocSource = 'cli' | 'configured' | 'manifest' | 'discovered';

export interface MatchDoc {
  id: string;
  kind: DocKind;
  source: DocSource;
  /** stem → the heaviest field it appears in. */
  weights: Map<string, number>;
  /** stem → the word as the document spells it, for reasons. */
  spelled: Map<string, string>;
  /** The words of the name: a query naming them all names the document. */
  nameWords: string[];
  /** Name words and keywords: what a negation ("without docker") rules out. */
  identity: Set<string>;
  category: string | null;
  /** Whether the server needs a credential (a CLI never does here). */
  needsCredential: boolean;
}

export interface MatchIndex {
  docs: MatchDoc[];
  /** stem → inverse document frequency over all docs. */
  idf(stem: string): number;
  /** Every word any document uses, for typo correction; word → its strongest field weight. */
  vocabulary: Map<string, number>;
}

export const FIELD = { name: 3, keyword: 2, description: 1, category: 0.5 } as const;

export interface ConfiguredText {
  name: string;
  text: string;
}

function builder(id: string, kind: DocKind, source: DocSource, category: string | null, needsCredential: boolean) {
  const doc: MatchDoc = { id, kind, source, weights: new Map(), spelled: new Map(), nameWords: nameWords(id), identity: new Set(nameWords(id).map(stemWord)), category, needsCredential };
  return { doc, add: adder(doc) };
}

export function buildMatchIndex(manifest: Manifest, configured: readonly ConfiguredText[], discovered: readonly string[]): MatchIndex {
  const docs: MatchDoc[] = [];
  const categoryWords = (name: string | null) => {
    const category = name ? manifest.categories.get(name) : undefined;
    return category ? [category.name, ...category.keywords.flatMap((k) => tokenize(k))] : [];
  };
  for (const server of manifest.servers.values()) {
    const { doc, add } = builder(server.name, 'server', 'manifest', server.category, server.env_vars.length > 0 || server.auth !== 'none');
    add(doc.nameWords, FIELD.name);
    const keywords = server.keywords.flatMap((k) => tokenize(k));
    add(keywords, FIELD.keyword);
    add(tokenize(server.description), FIELD.description);
    add(categoryWords(server.category), FIELD.category);
    for (const k of keywords) doc.identity.add(stemWord(k));
    docs.push(doc);
  }
  const manifestNames = new Set(manifest.servers.keys());
  for (const server of configured) {
    // A configured server of a manifest name is that server, already set up: its tools add to its words.
    const existing = docs.find((d) => d.id === server.name);
    const target = existing ? { doc: existing, add: adder(existing) } : builder(server.name, 'server', 'configured', null, false);
    if (existing) existing.source = 'configured';
    target.add(target.doc.nameWords, FIELD.name);
    target.add(tokenize(server.text.replace(/[_:.-]/g, ' ')), FIELD.keyword);
    if (!existing) docs.push(target.doc);
  }
  for (const name of discovered) {
    if (manifestNames.has(name) || configured.some((c) => c.name === name)) continue;
    const { doc, add } = builder(name, 'server', 'discovered', null, false);
    add(doc.nameWords, FIELD.name);
    docs.push(doc);
  }
  for (const cli of manifest.clis.values()) {
    const { doc, add } = builder(cli.name, 'cli', 'cli', null, false);
    add(doc.nameWords, FIELD.name);
    const keywords = cli.keywords.flatMap((k) => tokenize(k));
    add(keywords, FIELD.keyword);
    add(tokenize(cli.description), FIELD.description);
    for (const k of keywords) doc.identity.add(stemWord(k));
    docs.push(doc);
  }
  const df = new Map<string, number>();
  const vocabulary = new Map<string, number>();
  for (const doc of docs) {
    for (const stem of doc.weights.keys()) df.set(stem, (df.get(stem) ?? 0) + 1);
    for (const [stem, word] of doc.spelled) vocabulary.set(word, Math.max(vocabulary.get(word) ?? 0, doc.weights.get(stem) ?? 0));
  }
  const n = docs.length;
  return { docs, vocabulary, idf: (stem) => Math.log(1 + (n - (df.get(stem) ?? 0) + 0.5) / ((df.get(stem) ?? 0) + 0.5)) };
}

/** Adds words to a document at a field's weight; a word keeps its heaviest field. */
function adder(doc: MatchDoc) {
  return (words: readonly string[], weight: number) => {
    for (const word of words) {
      if (word.length < 2) continue;
      const stem = stemWord(word);
      if ((doc.weights.get(stem) ?? 0) < weight) {
        doc.weights.set(stem, weight);
        doc.spelled.set(stem, word);
      }
    }
  };
}
