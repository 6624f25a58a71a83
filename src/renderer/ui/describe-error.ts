/** A thrown value as one line for the panel; bridge rejections arrive as Error, anything else is coerced. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
