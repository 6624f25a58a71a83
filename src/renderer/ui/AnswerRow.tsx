import type { ReactNode } from 'react';

/**
 * A full-width row under a table row, for what an action on that row answered (a confirmation, a message,
 * a result). Rendered only while there is something to show, so the table keeps its rhythm otherwise.
 */
export function AnswerRow({ open, columns, children }: { open: boolean; columns: number; children: ReactNode }) {
  if (!open) return null;
  return (
    <tr>
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}
