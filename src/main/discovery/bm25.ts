// A small BM25 ranking over named documents, with the catalog's tokenizer so "files", "--flag" and
// stop-words are treated the same way as in catalog_search. Scores are normalised to 0..1 against the
// best hit, so relevance_score compares within one answer.
import { tokenize } from '../gateway/catalog';

export interface Doc {
  id: string;
  terms: string[];
}

export interface Scored {
  id: string;
  score: number;
}

/** Terms with field weights: the name three times, keywords twice, the description once. */
export function weightedTerms(name: string, keywords: readonly string[], description: string): string[] {
  const nameTerms = tokenize(name.replace(/[-_]/g, ' '));
  const keywordTerms = keywords.flatMap((k) => tokenize(k));
  return [...nameTerms, ...nameTerms, ...nameTerms, ...keywordTerms, ...keywordTerms, ...tokenize(description)];
}

/** Query words worth matching: a lone letter ("I", "a") never selects anything. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query).filter((t) => t.length > 1))];
}

export function rankDocs(docs: readonly Doc[], terms: readonly string[]): Scored[] {
  if (!docs.length || !terms.length) return [];
  const k1 = 1.2;
  const b = 0.75;
  const avg = docs.reduce((sum, d) => sum + d.terms.length, 0) / docs.length;
  const scored: Scored[] = [];
  for (const doc of docs) {
    let score = 0;
    for (const term of terms) {
      const tf = doc.terms.filter((t) => t === term).length;
      if (!tf) continue;
      const df = docs.filter((d) => d.terms.includes(term)).length;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.terms.length) / avg));
    }
    if (score > 0) scored.push({ id: doc.id, score });
  }
  scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const best = scored[0]?.score ?? 1;
  return scored.map((s) => ({ id: s.id, score: Math.round((s.score / best) * 100) / 100 }));
}
