import type { ReactNode } from 'react';

/** How a write ended: green when it did what was asked, red when it did not. */
export function OutcomeBox({
  ok,
  testId,
  role = 'status',
  children,
}: {
  ok: boolean;
  testId: string;
  /** A failure the user must act on can be announced at once ('alert'). */
  role?: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <div className={`outcome ${ok ? 'outcome-ok' : 'outcome-error'}`} role={role} data-testid={testId}>
      {children}
    </div>
  );
}
