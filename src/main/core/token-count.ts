// Token counts for the token meter: OpenAI's o200k_base encoding through gpt-tokenizer (pure JS, pinned).
// Other models tokenize differently, so the panel labels every figure with this method. The encoding
// tables are large: loaded on the first count, not with the core.
export const TOKEN_METHOD = 'o200k_base tokens (gpt-tokenizer); other models count somewhat differently';

let counter: Promise<(text: string) => number> | null = null;

export function tokenCounter(): Promise<(text: string) => number> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => (text: string) => module.countTokens(text));
  return counter;
}
