import { useEffect, useRef, type ReactNode } from 'react';

/**
 * An inline confirmation for an action that cancels work (stop with pending calls, a forced cancel): an
 * alertdialog that takes focus on its safe choice, and Escape keeps things as they are.
 */
export function ConfirmBox(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const id = `confirm-${props.testId ?? 'box'}`;
  return (
    <div
      className="confirm-box"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      data-testid={props.testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onCancel();
      }}
    >
      <p className="confirm-title" id={`${id}-title`}>
        {props.title}
      </p>
      <div className="confirm-body">{props.children}</div>
      <div className="confirm-actions">
        <button type="button" className="btn btn-auto" ref={keep} onClick={props.onCancel}>
          {props.cancelLabel ?? 'Keep it running'}
        </button>
        <button type="button" className="btn btn-auto btn-danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </div>
  );
}
