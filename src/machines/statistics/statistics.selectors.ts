/** A row of the plays-per-device or plays-per-media chart: its entity's id, and a label no other row of the chart has. */
export interface RankedRow {
  key: string;
  id: number;
  name: string;
  /** The name, with ` #<id>` added when another row of the chart has that name (two files both called "promo"). */
  label: string;
  plays: number;
  seconds: number;
}

/**
 * The rows of a ranking with labels that tell them apart: the chart draws one bar per label, so two files of one name
 * would otherwise be merged into one bar. `prefix` keys the rows (`d` devices, `m` media).
 */
export function rankedRows(rows: { id: number; name: string; plays: number; seconds: number }[], prefix: string): RankedRow[] {
  const named = new Map<string, number>();
  for (const row of rows) named.set(row.name, (named.get(row.name) ?? 0) + 1);
  return rows.map((row) => ({
    key: `${prefix}${row.id}`,
    id: row.id,
    name: row.name,
    label: (named.get(row.name) ?? 0) > 1 ? `${row.name} #${row.id}` : row.name,
    plays: row.plays,
    seconds: row.seconds,
  }));
}

/**
 * Ticks of a count axis from 0 to at least `max`, in whole steps of 1, 2 or 5 times a power of ten, at most `most` + 1
 * of them: a count of plays has no halves.
 */
export function wholeTicks(max: number, most = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let power = 1; top / step > most; power *= 10) {
    step = [1, 2, 5].map((factor) => factor * power).find((candidate) => top / candidate <= most) ?? 10 * power;
  }
  const ticks = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}
