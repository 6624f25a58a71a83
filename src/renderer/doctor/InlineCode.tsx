/**
 * Doctor's messages quote commands in `backticks` (they are written for a terminal too); shown as code
 * here so the command reads as one. React escapes the text, so nothing in a message becomes markup.
 */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
    </>
  );
}
