// Typo tolerance for request_capability: a query word nobody's vocabulary knows ("postgress", "tikcet")
// is read as the closest known word, if one is close enough. Optimal string alignment distance, so a
// swapped pair of letters costs one edit like a missing one.

/** Edits (insert, delete, substitute, swap neighbours) between two words, or limit+1 once past the limit. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  const first = rows[0] as number[];
  for (let j = 0; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (rows[i - 2]?.[j - 2] as number) + 1);
      row[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return rows[a.length]?.[b.length] as number;
}

/** How many edits a word of this length may carry: none below 4 letters ("pr" is not "pg"). */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 7 ? 1 : 2;
}

/**
 * The known word closest to `word`, or null. Ties go to the word `rank` prefers (a higher rank first),
 * then alphabetically, so the answer never depends on the order of the vocabulary.
 */
export function closestWord(word: string, vocabulary: Iterable<string>, rank: (candidate: string) => number): string | null {
  const limit = allowedEdits(word.length);
  if (!limit) return null;
  let best: { word: string; distance: number; rank: number } | null = null;
  for (const candidate of vocabulary) {
    if (candidate.length < 4 || candidate[0] !== word[0]) continue; // a first letter is rarely mistyped
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    const candidateRank = rank(candidate);
    if (!best || distance < best.distance || (distance === best.distance && (candidateRank > best.rank || (candidateRank === best.rank && candidate < best.word)))) {
      best = { word: candidate, distance, rank: candidateRank };
    }
  }
  return best?.word ?? null;
}
