import type { ListColumn } from '../shell/list-table';

/**
 * A members-area table (the members list, a member's ledger, orders and redemptions): each cell
 * carries its column's title in `data-label`, which a phone shows beside the value when the rows
 * become cards (members.css). With `rowHeader` the first cell names its row (`th scope="row"`).
 */
export function MemberTable<Row>({
  testId,
  columns,
  rows,
  rowKey,
  rowHeader = false,
  stale = false,
}: {
  testId: string;
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  rowHeader?: boolean;
  /** The rows are the previous page's while the next one loads: shown faded. */
  stale?: boolean;
}) {
  return (
    <table
      className={`admin-members__table${stale ? ' admin-members__table--stale' : ''}`}
      data-testid={testId}
    >
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.title} scope="col" className={column.className}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              rowHeader && index === 0 ? (
                <th key={column.title} scope="row" data-label={column.title}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.title} className={column.className} data-label={column.title}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
