import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { StatisticsFormat } from './statisticsFormat.ts';
import { useStatisticsStyles } from './Statistics.styles.ts';

export interface StatisticsRow {
  key: string;
  name: string;
  plays: number;
  seconds: number;
}

/** A chart's numbers as a table: what screen readers read and what the xlsx holds. */
export function StatisticsTable({ caption, head, columns, rows, format }: { caption: string; head: string; columns: { plays: string; seconds: string }; rows: StatisticsRow[]; format: StatisticsFormat }) {
  const styles = useStatisticsStyles();
  return (
    <div className={styles.tableBox} tabIndex={0} role="region" aria-label={caption}>
      <Table size="small" aria-label={caption}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{head}</TableHeaderCell>
            <TableHeaderCell className={styles.number}>{columns.plays}</TableHeaderCell>
            <TableHeaderCell className={styles.number}>{columns.seconds}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell className={styles.name}>{row.name}</TableCell>
              <TableCell className={styles.number}>{format.number(row.plays)}</TableCell>
              <TableCell className={styles.number}>{format.number(row.seconds)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
