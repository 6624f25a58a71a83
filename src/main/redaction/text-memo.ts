// The same few short texts (a method, a tool id, a server name) are redacted for every audited call. Their
// answers are kept while what redaction depends on stays the same — the secret values known (only ever
// added, so their count says whether any came) and the pattern set in force (a new object on every policy
// load) — and forgotten at once when either changes, so a secret registered later is never let through.

/** What a text's redaction depends on: compared by identity and value; any change empties the memo. */
export type RedactionState = () => readonly unknown[];

export function memoizedText(redact: (text: string) => string, state: RedactionState, limit = 256): (text: string) => string {
  const answers = new Map<string, string>();
  let seen: readonly unknown[] = [];
  return (text) => {
    const now = state();
    if (now.length !== seen.length || now.some((part, i) => part !== seen[i])) {
      answers.clear();
      seen = now;
    }
    const known = answers.get(text);
    if (known !== undefined) return known;
    const answer = redact(text);
    // Short repeated texts only: an error message is seldom asked twice and can be long.
    if (text.length <= 200) {
      if (answers.size >= limit) answers.clear();
      answers.set(text, answer);
    }
    return answer;
  };
}
