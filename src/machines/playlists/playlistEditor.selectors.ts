import type { PlaylistDetail, TrackDetail } from '../../services/schemas/playlists.ts';

export interface EditorDraft {
  playlist: PlaylistDetail | null;
  /** Track ids in the order the operator arranged them. */
  order: number[];
  /** Image track id -> the seconds the operator typed (only tracks whose value differs may be saved). */
  durations: Record<number, number>;
}

/** `list` with the element at `from` moved to `to` (dnd-kit's arrayMove, kept here so machines need no view library). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to < 0 ? 0 : to, 0, item as T);
  return next;
}

export function serverOrder(playlist: PlaylistDetail | null): number[] {
  return playlist?.tracks.map((t) => t.id) ?? [];
}

export function orderChanged(draft: EditorDraft): boolean {
  const server = serverOrder(draft.playlist);
  return draft.order.length !== server.length || draft.order.some((id, i) => id !== server[i]);
}

/** Image tracks whose typed duration differs from the saved one: `[trackId, seconds]`. */
export function changedDurations(draft: EditorDraft): [number, number][] {
  const tracks = new Map(draft.playlist?.tracks.map((t) => [t.id, t]) ?? []);
  return Object.entries(draft.durations)
    .map(([id, seconds]) => [Number(id), seconds] as [number, number])
    .filter(([id, seconds]) => tracks.has(id) && tracks.get(id)!.duration !== seconds);
}

export function isDraftDirty(draft: EditorDraft): boolean {
  return orderChanged(draft) || changedDurations(draft).length > 0;
}

/** The tracks in draft order with their draft durations, and the total the screens would play. */
export function draftTracks(draft: EditorDraft): { tracks: TrackDetail[]; total: number } {
  const byId = new Map(draft.playlist?.tracks.map((t) => [t.id, t]) ?? []);
  const tracks = draft.order.flatMap((id) => {
    const track = byId.get(id);
    if (!track) return [];
    const seconds = draft.durations[id];
    // The server's track object is kept when nothing was typed for it, so memoised rows do not re-render.
    return [seconds === undefined || seconds === track.duration ? track : { ...track, duration: seconds }];
  });
  return { tracks, total: tracks.reduce((sum, t) => sum + t.duration, 0) };
}
