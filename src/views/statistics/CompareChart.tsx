import { useMemo } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { LineChart, ResponsiveContainer, type LineChartPoints } from '@fluentui/react-charts';
import { useTranslation } from '../../i18n.ts';
import { hourRows, type ShownSeries } from '../../machines/statistics/compare.selectors.ts';
import { wholeTicks } from '../../machines/statistics/statistics.selectors.ts';
import { currentLanguage } from '../../i18n.ts';
import { useCompareStyles } from './Compare.styles.ts';
import { statisticsFormat } from './statisticsFormat.ts';

/**
 * The series overlaid on one line chart with a legend, and the same numbers as a table (screen readers, copying). Hours
 * are written as the Charts tab writes them (statisticsFormat, in `timeZone`); legends keep names as written.
 */
export function CompareChart({ series, colors, timeZone }: { series: ShownSeries[]; colors: string[]; timeZone: string }) {
  const { t, i18n } = useTranslation('statistics');
  const styles = useCompareStyles();
  const language = currentLanguage(i18n.language);
  const format = useMemo(() => statisticsFormat(language, timeZone), [language, timeZone]);
  const ticks = wholeTicks(Math.max(0, ...series.flatMap((item) => item.hours.map((row) => row.plays))), 4);
  const lines: LineChartPoints[] = series.map((item, index) => ({
    legend: item.legend,
    color: colors[index % colors.length],
    data: item.hours.map((row) => ({ x: row.hour, y: row.plays })),
  }));
  const rows = hourRows(series);
  return (
    <>
      <div className={styles.chart}>
        <ResponsiveContainer height={320}>
          <LineChart
            data={{ chartTitle: t('compare.chartTitle'), lineChartData: lines }}
            xAxisTitle={t('units.hour')}
            yAxisTitle={t('units.plays')}
            customDateTimeFormatter={format.axisHour}
            yAxisTickFormat={(value: number) => format.number(value)}
            // Whole plays: the axis splits 0..the top tick into steps of one tick each.
            yMaxValue={ticks.at(-1)}
            yAxisTickCount={ticks.length - 1}
            legendProps={{ allowFocusOnLegends: true, canSelectMultipleLegends: true, styles: { legend: styles.legend } }}
            enabledLegendsWrapLines
          />
        </ResponsiveContainer>
      </div>
      <div className={styles.tableBox} tabIndex={0} role="region" aria-label={t('compare.tableLabel')}>
        <Table size="small" aria-label={t('compare.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.hour}>{t('units.hour')}</TableHeaderCell>
              {series.map((item) => (
                <TableHeaderCell key={item.entity} className={styles.headerName}>
                  {item.legend}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.hour.toISOString()}>
                <TableCell className={styles.hour}>{format.hour(row.hour.toISOString())}</TableCell>
                {row.plays.map((plays, index) => (
                  <TableCell key={series[index]!.entity} className={styles.numeric}>
                    {format.number(plays)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow>
              <TableCell className={styles.hour}>
                <strong>{t('compare.total')}</strong>
              </TableCell>
              {series.map((item) => (
                <TableCell key={item.entity} className={styles.numeric}>
                  <strong>{format.number(item.total)}</strong>
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </>
  );
}
