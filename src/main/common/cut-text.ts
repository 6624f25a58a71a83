// Cutting a message to a length without cutting a secret in half. A cut made before redaction (an error
// text capped at 400 characters, a stderr tail capped at 600) could keep the first part of a token that
// redaction later cannot recognise, because it only knows whole values. Cutting only at a delimiter means a
// token without delimiters — what API keys and passwords are — is either kept whole, and scrubbed later,
// or dropped whole. Where the redaction pipeline is at hand, callers redact first and cut after.
const DELIMITER = /[\s"'`,;|<>()[\]{}]/u;

export function cutAtBoundary(text: string, max: number, marker = '...'): string {
  if (text.length <= max) return text;
  const limit = Math.max(0, max - marker.length);
  let end = limit;
  // The character at `end` starts what is dropped: if it is a delimiter, the cut falls between tokens.
  if (!DELIMITER.test(text[end] ?? ' ')) {
    while (end > 0 && !DELIMITER.test(text[end - 1] as string)) end--;
  }
  return `${text.slice(0, end).trimEnd()}${marker}`;
}
