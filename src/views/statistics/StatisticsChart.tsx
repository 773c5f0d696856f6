import { HorizontalBarChartWithAxis, VerticalBarChart } from '@fluentui/react-charts';
import { tokens } from '@fluentui/tokens';
import type { HourRow } from '../../services/statistics.ts';
import { wholeTicks, type RankedRow } from '../../machines/statistics/statistics.selectors.ts';
import { localeOf, type StatisticsFormat } from './statisticsFormat.ts';
import { useStatisticsStyles } from './Statistics.styles.ts';

interface ChartWords {
  x: string;
  y: string;
}

// Theme tokens (CSS variables), so the bars follow each of the six themes.
const BAR = tokens.colorBrandBackground;

/** Plays per hour of the period as bars, hours in the statistics time zone, numbers and dates in the interface language. */
export function HourChart({ hours, format, language, words, title }: { hours: HourRow[]; format: StatisticsFormat; language: string; words: ChartWords; title: string }) {
  const styles = useStatisticsStyles();
  const data = hours.map((row) => ({
    x: new Date(row.hour),
    y: row.plays,
    color: BAR,
    xAxisCalloutData: format.hour(row.hour),
    yAxisCalloutData: format.number(row.plays),
  }));
  return (
    <div className={styles.chart}>
      <VerticalBarChart
        data={data}
        chartTitle={title}
        height={280}
        hideLegend
        culture={localeOf(language)}
        customDateTimeFormatter={format.axisHour}
        yAxisTickFormat={(value: number) => format.number(value)}
        xAxisTitle={words.x}
        yAxisTitle={words.y}
        xAxisTickCount={6}
        roundCorners
      />
    </div>
  );
}

/** Plays per device or media, the most first, as horizontal bars: one per entity (labels unique by id), whole plays on the axis. */
export function RankChart({ rows, format, language, words, title }: { rows: RankedRow[]; format: StatisticsFormat; language: string; words: ChartWords; title: string }) {
  const styles = useStatisticsStyles();
  // Bars are drawn bottom-up: reversed, the most played stands on top.
  const data = [...rows].reverse().map((row) => ({ x: row.plays, y: row.label, color: BAR, xAxisCalloutData: row.label, yAxisCalloutData: format.number(row.plays) }));
  const ticks = wholeTicks(Math.max(0, ...rows.map((row) => row.plays)));
  return (
    <div className={styles.chart}>
      <HorizontalBarChartWithAxis
        data={data}
        chartTitle={title}
        height={Math.max(160, 36 * rows.length + 80)}
        hideLegend
        culture={localeOf(language)}
        tickValues={ticks}
        xMaxValue={ticks.at(-1)}
        xAxisTitle={words.x}
        yAxisTitle={words.y}
        // Room for the names (truncated to 14 characters, the whole name in a tooltip and in the table).
        margins={{ left: 130, right: 40 }}
        noOfCharsToTruncate={14}
        showYAxisLablesTooltip
        roundCorners
      />
    </div>
  );
}
