import { Fragment, type ReactNode } from 'react';
import './list-table.css';

/** A column of a back-office list's table: its heading and what a row shows in it. */
export type ListColumn<Row> = {
  title: string;
  cell: (row: Row) => ReactNode;
  /** A column of buttons: its title is there for screen readers, not shown. */
  hideTitle?: boolean;
  /** The heading cell, where it does more than name the column (a heading that sorts). */
  header?: ReactNode;
  /** A class on the heading and on each cell (`admin-table__number` aligns figures right). */
  className?: string;
  /** The `data-*` attributes of a row's cell in this column. */
  cellData?: (row: Row) => DataAttributes;
};

type DataAttributes = Record<`data-${string}`, string | number>;

/**
 * The rows of a back-office list as a table, one column per `columns` entry, in a frame that
 * scrolls sideways on a phone. With `scrollLabel` the frame is a named region a keyboard can
 * focus, and so scroll, too.
 */
export function ListTable<Row>({
  className,
  testId,
  columns,
  rows,
  rowKey,
  rowData,
  scrollLabel,
  busy,
  frameClassName,
}: {
  /** The table's own class, beside `admin-table`. */
  className?: string;
  testId: string;
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The `data-*` attributes a row carries (what a test or a style picks it by). */
  rowData?: (row: Row) => DataAttributes;
  scrollLabel?: string;
  /** Said while the rows shown are the previous page's, the next one on its way. */
  busy?: boolean;
  frameClassName?: string;
}) {
  const region = scrollLabel
    ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel }
    : undefined;
  return (
    <div
      className={frameClassName ? `admin-table-wrap ${frameClassName}` : 'admin-table-wrap'}
      aria-busy={busy}
      {...region}
    >
      <table
        className={className ? `admin-table ${className}` : 'admin-table'}
        data-testid={testId}
      >
        <thead>
          <tr>
            {columns.map((column) =>
              column.header ? (
                <Fragment key={column.title}>{column.header}</Fragment>
              ) : (
                <th key={column.title} scope="col" className={column.className}>
                  {column.hideTitle ? (
                    <span className="visually-hidden">{column.title}</span>
                  ) : (
                    column.title
                  )}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((column) => (
                <td key={column.title} className={column.className} {...column.cellData?.(row)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
