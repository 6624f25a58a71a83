import { Fragment } from 'react';
import { keyed } from '../ui/keyed';

/**
 * Doctor's messages quote commands in `backticks` (they are written for a terminal too); shown as code
 * here so the command reads as one. React escapes the text, so nothing in a message becomes markup.
 */
export function InlineCode({ text }: { text: string }) {
  // The capturing group makes split() alternate: prose, quoted command, prose, …
  const parts = text.split(/`([^`]+)`/).map((part, i) => ({ part, quoted: i % 2 === 1 }));
  return (
    <>
      {keyed(parts, ({ part, quoted }) => `${quoted ? 'code' : 'text'}:${part}`).map(({ key, item: { part, quoted } }) =>
        quoted ? <code key={key}>{part}</code> : <Fragment key={key}>{part}</Fragment>,
      )}
    </>
  );
}
