import type { CompareAnswer, CompareSeries } from '../../services/statistics.ts';
import type { CompareContext } from './compare.machine.ts';

/** A series as the chart and the table show it: a legend unique within the comparison and its plays per hour. */
export interface ShownSeries {
  entity: string;
  kind: CompareSeries['kind'];
  name: string;
  /** `<kind>: <name>`, with `#id` added when two entities of a kind share a name. */
  legend: string;
  total: number;
  hours: { hour: Date; plays: number }[];
}

/**
 * The series of an answer with legends that tell them apart: the chart keys its lines by legend, so two devices
 * named alike would otherwise draw as one. `kindLabel` translates the kind.
 */
export function shownSeries(answer: CompareAnswer | null, kindLabel: (kind: CompareSeries['kind']) => string): ShownSeries[] {
  if (!answer) return [];
  const named = new Map<string, number>();
  for (const series of answer.series) named.set(`${series.kind}:${series.name}`, (named.get(`${series.kind}:${series.name}`) ?? 0) + 1);
  return answer.series.map((series) => {
    const shared = (named.get(`${series.kind}:${series.name}`) ?? 0) > 1;
    return {
      entity: series.entity,
      kind: series.kind,
      name: series.name,
      legend: `${kindLabel(series.kind)}: ${series.name}${shared ? ` #${series.id}` : ''}`,
      total: series.total.plays,
      hours: series.hours.map((row) => ({ hour: new Date(row.hour), plays: row.plays })),
    };
  });
}

/** The table's rows: one per hour of the window, each series' plays in the order of the columns. */
export function hourRows(series: ShownSeries[]): { hour: Date; plays: number[] }[] {
  const first = series[0];
  if (!first) return [];
  return first.hours.map((row, index) => ({ hour: row.hour, plays: series.map((item) => item.hours[index]?.plays ?? 0) }));
}

/** Whether the answer on screen is for the list as it is now (after an add or remove the old series stay until the next answer). */
export function answerMatchesList(context: Pick<CompareContext, 'data' | 'entities'>): boolean {
  const answered = context.data?.series.map((series) => series.entity) ?? [];
  const listed = context.entities.map((entity) => `${entity.kind}:${entity.id}`);
  return answered.length === listed.length && answered.every((entity, index) => entity === listed[index]);
}
