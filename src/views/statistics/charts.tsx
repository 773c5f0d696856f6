import { Suspense, type ComponentProps } from 'react';
import { Loading } from '../common/Loading.tsx';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { CompareChart as CompareChartNow } from './CompareChart.tsx';
import type { HourChart as HourChartNow, RankChart as RankChartNow } from './StatisticsChart.tsx';

/*
 * The charts draw with @fluentui/react-charts and d3, about 80 KB of JavaScript as transferred: a chunk of their own,
 * loaded when a chart is first shown rather than with the statistics screens (issue 37). Same props as the charts.
 */
const LazyHourChart = lazyScreen<ComponentProps<typeof HourChartNow>>(() => import('./StatisticsChart.tsx').then((m) => ({ default: m.HourChart })));
const LazyRankChart = lazyScreen<ComponentProps<typeof RankChartNow>>(() => import('./StatisticsChart.tsx').then((m) => ({ default: m.RankChart })));
const LazyCompareChart = lazyScreen<ComponentProps<typeof CompareChartNow>>(() => import('./CompareChart.tsx').then((m) => ({ default: m.CompareChart })));

export function HourChart(props: ComponentProps<typeof HourChartNow>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyHourChart {...props} />
    </Suspense>
  );
}

export function RankChart(props: ComponentProps<typeof RankChartNow>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyRankChart {...props} />
    </Suspense>
  );
}

export function CompareChart(props: ComponentProps<typeof CompareChartNow>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyCompareChart {...props} />
    </Suspense>
  );
}
