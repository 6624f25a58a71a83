// "Does this work?" asked of a call that answers by throwing: the file is there, the unlink went
// through, the process exists. Any error means no; callers that must tell errors apart do not use it.

/** True when `action` returns, false when it throws. */
export function succeeds(action: () => unknown): boolean {
  try {
    action();
    return true;
  } catch {
    return false;
  }
}
