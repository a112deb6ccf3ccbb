import type { ReactNode } from 'react';

/** One figure column of a report table: its heading and what a row shows in it. */
export type ReportColumn<R> = { title: string; cell: (row: R) => ReactNode };

/**
 * A breakdown as a table: the first column names each row (its row header, headed `head`), the
 * others are the figures `columns` says. Every report (by day, place, product, staff...) reads
 * the same, and scrolls sideways on a phone inside `admin-reports__table`.
 */
export function ReportTable<R extends { key: string; label: string }>({
  testId,
  head,
  columns,
  rows,
}: {
  testId: string;
  head: string;
  columns: ReportColumn<R>[];
  rows: R[];
}) {
  return (
    <div className="admin-reports__table">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            {columns.map((column) => (
              <th key={column.title} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns.map((column) => (
                <td key={column.title}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
