import type { ReactNode } from 'react';

/** What went wrong for the whole view, announced at once (role alert). */
export function ErrorBanner({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div className="banner banner-error" role="alert" data-testid={testId}>
      {children}
    </div>
  );
}
