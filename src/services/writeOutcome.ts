import { ApiRequestError } from './http.ts';

/** A write the server accepted (`value`), or refused with a stable code and field errors (`fields`, maybe empty). */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; code: string; fields: Record<string, string> };

/**
 * Resolves a write's refusals (400 and 409: the user can fix them) as `{ ok: false, code, fields }`;
 * any other failure (network, 5xx, 401, 403, 404) still rejects.
 *
 * ```ts
 * export const updatePlaylist = (id: number, body: PlaylistBody) => writeOutcome(api(`/media/play_lists/${id}`, { method: 'PUT', body }));
 * ```
 */
export async function writeOutcome<T>(write: Promise<T>): Promise<WriteOutcome<T>> {
  try {
    return { ok: true, value: await write };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 400 || error.status === 409)) {
      return { ok: false, code: error.code, fields: error.fields ?? {} };
    }
    throw error;
  }
}
