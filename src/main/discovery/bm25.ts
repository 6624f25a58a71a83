// A small BM25 ranking over named documents, with the same words as catalog_search: "files", "--flag"
// and stop-words are treated alike, and words are compared by their stems, so "issue" ranks a server
// whose keywords say "issues". Callers keep the words (they quote them back in reasons); only the
// ranking reads stems. Scores are normalised to 0..1 against the best hit, so relevance_score compares
// within one answer.
import { stemWord, tokenize } from '../common/search-words';

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

/** Whether two words are one word in different forms ("issue", "issues"). */
export function sameWord(a: string, b: string): boolean {
  return a === b || stemWord(a) === stemWord(b);
}

export interface Ranker {
  /** Ranks the documents `keep` accepts (all when absent), counted as if they were the only ones. */
  rank(terms: readonly string[], keep?: (id: string) => boolean): Scored[];
}

/**
 * Counts every document's stems once, so a large, unchanging set (the registry copy) is ranked for many
 * queries without stemming it again each time.
 */
export function buildRanker(docs: readonly Doc[]): Ranker {
  const k1 = 1.2;
  const b = 0.75;
  const counted = docs.map((doc) => {
    const counts = new Map<string, number>();
    for (const term of doc.terms) {
      const stem = stemWord(term);
      counts.set(stem, (counts.get(stem) ?? 0) + 1);
    }
    return { id: doc.id, length: doc.terms.length, counts };
  });
  return {
    rank(terms, keep) {
      const wanted = [...new Set(terms.map(stemWord))];
      const docs = keep ? counted.filter((d) => keep(d.id)) : counted;
      if (!docs.length || !wanted.length) return [];
      const avg = docs.reduce((sum, d) => sum + d.length, 0) / docs.length;
      const df = new Map(wanted.map((stem) => [stem, docs.filter((d) => d.counts.has(stem)).length]));
      const scored: Scored[] = [];
      for (const doc of docs) {
        let score = 0;
        for (const stem of wanted) {
          const tf = doc.counts.get(stem) ?? 0;
          if (!tf) continue;
          const n = df.get(stem) ?? 0;
          const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
          score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avg));
        }
        if (score > 0) scored.push({ id: doc.id, score });
      }
      scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
      const best = scored[0]?.score ?? 1;
      return scored.map((s) => ({ id: s.id, score: Math.round((s.score / best) * 100) / 100 }));
    },
  };
}

export function rankDocs(docs: readonly Doc[], terms: readonly string[]): Scored[] {
  // Nothing to count when the query has no word.
  return terms.length && docs.length ? buildRanker(docs).rank(terms) : [];
}
