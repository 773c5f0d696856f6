import type { Credentials } from '../../services/player/protocol.ts';
import type { DatasetStore } from '../../services/player/storage.ts';
import type { DatasetTable, WidgetData } from './types.ts';

/*
 * The datasets a screen's widgets show (issue 38), kept offline: the last table read of each dataset is kept in
 * IndexedDB (beside the media and the map) and answered while its checksum is the one dev2 names; a new checksum (a
 * change that reached the screen through the live channel) reads `data.url` again with the player's serial and key. A
 * read that fails answers the last table kept (offline, the server down), so the screen goes on showing it.
 */

const REQUEST_TIMEOUT_MS = 15_000;

function parseTable(body: unknown): DatasetTable | null {
  const value = body as Partial<DatasetTable> | null;
  if (!value || typeof value.id !== 'number' || typeof value.checksum !== 'string' || !Array.isArray(value.columns) || !Array.isArray(value.rows)) return null;
  return {
    id: value.id,
    version: typeof value.version === 'number' ? value.version : 0,
    checksum: value.checksum,
    columns: value.columns.map((column) => ({ name: String((column as { name?: unknown })?.name ?? '') })),
    rows: value.rows.filter(Array.isArray).map((row) => row.map((cell) => (cell === null || typeof cell === 'number' ? cell : String(cell)))),
  };
}

export function datasetReader(store: DatasetStore, credentials: () => Credentials, fetcher: typeof fetch = (...args) => fetch(...args)) {
  const memory = new Map<number, DatasetTable>();
  const reading = new Map<string, Promise<DatasetTable | null>>();

  const kept = async (id: number) => memory.get(id) ?? (await store.get(id).catch(() => null)) ?? null;

  const read = async (data: WidgetData): Promise<DatasetTable | null> => {
    const last = await kept(data.id);
    if (last?.checksum === data.checksum) {
      memory.set(data.id, last);
      return last;
    }
    try {
      const { serial, key } = credentials();
      const headers: Record<string, string> = { 'x-device-serial': serial };
      if (key) headers['x-device-key'] = key;
      if (last) headers['if-none-match'] = `"${last.checksum}"`;
      const response = await fetcher(data.url, { headers, cache: 'no-store', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (response.status === 304 && last) return last;
      if (!response.ok) return last;
      const table = parseTable(await response.json());
      if (!table) return last;
      memory.set(table.id, table);
      await store.put(table).catch((error: unknown) => console.warn('Could not keep a dataset', error));
      return table;
    } catch {
      return last;
    }
  };

  return {
    /** The table of `data` (kept, or read when its checksum moved; the last kept when the read fails), or null. */
    read(data: WidgetData): Promise<DatasetTable | null> {
      const key = `${data.id}:${data.checksum}`;
      const pending = reading.get(key) ?? read(data).finally(() => reading.delete(key));
      reading.set(key, pending);
      return pending;
    },
    /** Forgets the kept tables not in `ids` (the schedule no longer shows them). */
    async keepOnly(ids: number[]): Promise<void> {
      for (const id of memory.keys()) if (!ids.includes(id)) memory.delete(id);
      await store.keepOnly(ids).catch(() => undefined);
    },
  };
}
