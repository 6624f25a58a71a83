// The one rule for server names, wherever a name enters Gatehouse (config entries, manifests, registered
// and provisioned servers) and before a name becomes a key, a tool id prefix or a folder. A name turns
// into `<state>/servers/<name>` for a Python server's data, so `..` or `a/b` must never get that far.
const MAX_LENGTH = 128;
// Names that would collide with JavaScript object machinery anywhere a name becomes a key.
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a server name is unusable, in words that follow "the name is invalid: "; null when it is fine. */
export function serverNameProblem(name: string): string | null {
  if (name.length === 0) return 'a name is not empty';
  if (name.length > MAX_LENGTH) return `a name is at most ${MAX_LENGTH} characters`;
  if (RESERVED.has(name)) return `"${name}" is reserved`;
  if (name === '.' || name === '..') return 'a name is not "." or ".."';
  if (/[/\\]/.test(name)) return 'a name has no "/" or "\\"';
  if (name.includes('::')) return 'a name has no "::" (it separates the server from the tool)';
  if (/[\s\p{Cc}]/u.test(name)) return 'a name has no whitespace or control characters';
  return null;
}
