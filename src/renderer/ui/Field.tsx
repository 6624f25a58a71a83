import type { ReactNode } from 'react';

/** A form control with its visible label above it. */
export function Field({ label, className = 'field', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`; the label wraps it, so no htmlFor is needed.
    <label className={className}>
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}
