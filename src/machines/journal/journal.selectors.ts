import type { JournalEntry } from '../../services/schemas/journal.ts';

/** Where an entry's object lives in the panel: its own page where it has one, else its list; null when it has none. */
export function entityPath(entry: Pick<JournalEntry, 'entity' | 'entity_id' | 'action'>): string | null {
  const id = entry.entity_id && /^\d+$/.test(entry.entity_id) ? entry.entity_id : null;
  const gone = entry.action === 'delete';
  switch (entry.entity) {
    case 'device':
      return id && !gone ? `/devices/${id}/configs` : '/devices';
    case 'device_config':
      return '/devices';
    case 'media_file':
      return id && !gone ? `/media/${id}` : '/media';
    case 'playlist':
      return id && !gone ? `/playlists/${id}` : '/playlists';
    case 'playlist_track':
    case 'track':
      return '/tracks';
    case 'campaign':
      return id && !gone ? `/campaigns/${id}/devices` : '/campaigns';
    case 'event':
      return '/scheduler';
    case 'directory_query':
      return '/directory';
    case 'company':
      return '/organizations';
    case 'department':
      return '/structure';
    case 'office':
      return '/branch-offices';
    case 'user':
      return '/users';
    case 'group':
      return '/groups';
    case 'pending_client':
      return '/clients';
    case 'navigation_object':
    case 'navigation_marker':
      return '/navigation';
    case 'override':
      return '/devices';
    case 'device_navigation':
      return id ? `/navigation/${id}` : '/navigation';
    default:
      return null;
  }
}

/** The changes of an entry as rows (field, before, after), in the order the server wrote them. */
export function changeRows(entry: Pick<JournalEntry, 'changes'>): { field: string; before: unknown; after: unknown }[] {
  return Object.entries(entry.changes).map(([field, [before, after]]) => ({ field, before, after }));
}

/** A value of a change as one line of text; '' for none. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
