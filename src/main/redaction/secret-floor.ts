// The floor a value must clear before Gatehouse treats it as a secret to scrub everywhere. Without one,
// a caller could register `true` or `gateway` as a "credential" (gateway.auth_connect takes any string)
// and every session's answers would lose those words: redaction would degrade other people's output
// instead of protecting anything. Real credentials (API keys, tokens, passwords) clear it easily.
export const MIN_SECRET_LENGTH = 8;
/** A value this long is kept whatever its character mix (a passphrase of plain words). */
const LONG_ENOUGH = 16;
const MIN_DISTINCT = 5;

/** Why a value is too weak to be scrubbed reliably, or null when it clears the floor. */
export function secretFloorProblem(value: string): string | null {
  if (value.length < MIN_SECRET_LENGTH) return `shorter than ${MIN_SECRET_LENGTH} characters`;
  if (new Set(value).size < MIN_DISTINCT) return `fewer than ${MIN_DISTINCT} different characters`;
  if (value.length < LONG_ENOUGH && characterClasses(value) < 2) {
    return `under ${LONG_ENOUGH} characters and made of one kind of character (only lower-case letters, say)`;
  }
  return null;
}

export function clearsSecretFloor(value: string): boolean {
  return secretFloorProblem(value) === null;
}

function characterClasses(value: string): number {
  const classes = [/[a-z]/u, /[A-Z]/u, /[0-9]/u, /[^A-Za-z0-9]/u];
  return classes.filter((pattern) => pattern.test(value)).length;
}
