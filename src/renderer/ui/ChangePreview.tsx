import type { ReactNode } from 'react';

/** A file change shown before it is written: what it does, then Cancel and the button that writes it. */
export function ChangePreview({
  title,
  applyLabel,
  canApply,
  onCancel,
  onApply,
  className = 'card',
  testId,
  children,
}: {
  title: ReactNode;
  applyLabel: string;
  canApply: boolean;
  onCancel: () => void;
  onApply: () => void;
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={className} data-testid={testId}>
      <h3 className="card-title">{title}</h3>
      {children}
      <div className="confirm-actions">
        <button type="button" className="btn btn-auto" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-auto btn-primary" disabled={!canApply} onClick={onApply}>
          {applyLabel}
        </button>
      </div>
    </div>
  );
}
