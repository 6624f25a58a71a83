import type { ComponentProps } from 'react';

/**
 * A text box for strings typed exactly (variable names, paths, secret values, filters): the browser must
 * not offer remembered entries or mark them as misspelled words, and a remembered secret must not be filled in.
 */
export function ExactInput(props: ComponentProps<'input'>) {
  return <input autoComplete="off" spellCheck={false} {...props} />;
}
