import type { Key, ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, mergeClasses } from '@fluentui/react-components';
import { NARROW_SCREEN_QUERY, WIDE_SCREEN_QUERY, useMediaQuery } from './useMediaQuery.ts';
import { useResponsiveListStyles } from './ResponsiveList.styles.ts';

export interface ListColumn<Row> {
  id: string;
  /** The translated column heading (also the label of the value in a card). */
  header: string;
  cell: (row: Row) => ReactNode;
  /** A secondary column: shown from the md breakpoint (960 px) up, left out of narrower tables and of the cards. */
  wideOnly?: boolean;
  /** How the value wraps in a table cell: `nowrap` for short values (a status, an IP), `anywhere` for long names. */
  wrap?: 'nowrap' | 'anywhere';
  className?: string;
}

export interface ResponsiveListProps<Row> {
  /** The list's accessible name. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The first column: the row's name, the card's title. */
  title: ListColumn<Row>;
  columns: readonly ListColumn<Row>[];
  /** The row's actions: the last column, the card's bottom row. */
  actions?: { header: string; cell: (row: Row) => ReactNode };
  className?: string;
}

/**
 * A list of rows that is a table from the sm breakpoint (600 px) up and stacked cards below it (title, the fields
 * that matter, actions), so that no page scrolls sideways and every action stays within reach on a phone.
 */
export function ResponsiveList<Row>({ label, rows, rowKey, title, columns, actions, className }: ResponsiveListProps<Row>) {
  const styles = useResponsiveListStyles();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const shown = columns.filter((column) => wide || !column.wideOnly);
  const wrapClass = (column: ListColumn<Row>) => (column.wrap === 'nowrap' ? styles.nowrap : column.wrap === 'anywhere' ? styles.anywhere : undefined);
  if (narrow) {
    return (
      <ul className={mergeClasses(styles.cards, className)} aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={styles.card}>
            <div className={styles.cardTitle}>{title.cell(row)}</div>
            <dl className={styles.fields}>
              {shown.map((column) => (
                <div key={column.id} className={styles.field}>
                  <dt className={styles.term}>{column.header}</dt>
                  <dd className={styles.value}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className={styles.cardActions}>{actions.cell(row)}</div> : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table className={mergeClasses(styles.table, className)} aria-label={label} size="small">
      <TableHeader>
        <TableRow>
          {[title, ...shown].map((column) => (
            <TableHeaderCell key={column.id}>{column.header}</TableHeaderCell>
          ))}
          {actions ? <TableHeaderCell>{actions.header}</TableHeaderCell> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {[title, ...shown].map((column) => (
              <TableCell key={column.id} className={mergeClasses(styles.cell, wrapClass(column), column.className)}>
                {column.cell(row)}
              </TableCell>
            ))}
            {actions ? <TableCell className={styles.actionsCell}>{actions.cell(row)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
