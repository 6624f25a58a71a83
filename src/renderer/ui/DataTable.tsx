import type { ReactNode } from 'react';

/** A column heading; `hidden` ones (an actions column) are read out but not shown. */
export type Column = string | { label: string; hidden?: boolean; className?: string };

/** A scrollable table with one row of column headings; the caller renders the body rows. */
export function DataTable({
  label,
  columns,
  testId,
  wrapClassName = 'table-wrap',
  className = 'data-table',
  children,
}: {
  label: string;
  columns: Column[];
  testId?: string;
  wrapClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName}>
      <table className={className} aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <ColumnHead key={typeof column === 'string' ? column : column.label} column={column} />
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function ColumnHead({ column }: { column: Column }) {
  if (typeof column === 'string') return <th scope="col">{column}</th>;
  return (
    <th scope="col" className={column.className}>
      {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
    </th>
  );
}
