import { UNSAFE_REPORTED_CHARACTERS } from './common.ts';

/* Device tags (issue 41): the rules the form, the spreadsheet import and the server share. */

export const MAX_DEVICE_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
/** Why a list of tags is refused: the API's error code and the form's. */
export type TagError = 'too_many_tags' | 'tag_too_long' | 'invalid_tag';

/** A tag's comparison key: tags are case-insensitive ("Lobby" and "lobby" are one tag). */
export const tagKey = (tag: string) => tag.trim().toLowerCase();

/**
 * Tags as stored: each trimmed, empty ones dropped, one of each key (the first spelling kept), in the order given.
 * A comma separates tags in the list filter and the spreadsheet, so no tag holds one; nor control or bidirectional marks.
 */
export function normalizeTags(values: readonly string[]): { ok: true; tags: string[] } | { ok: false; reason: TagError } {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values) {
    const tag = value.trim();
    if (!tag) continue;
    if (tag.includes(',') || UNSAFE_REPORTED_CHARACTERS.test(tag)) return { ok: false, reason: 'invalid_tag' };
    if ([...tag].length > MAX_TAG_LENGTH) return { ok: false, reason: 'tag_too_long' };
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags.length > MAX_DEVICE_TAGS ? { ok: false, reason: 'too_many_tags' } : { ok: true, tags };
}

/** The keys a list filter names (`tags=Lobby, hall`): split on commas, trimmed, lower case, one of each. */
export function tagFilterKeys(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(',').map(tagKey).filter(Boolean))];
}

/** Tags as one text (the form's field, the spreadsheet's cell): "lobby, floor 2". */
export const tagsText = (tags: readonly string[]) => tags.join(', ');
/** The tags a text names: split on commas (the form's field, the spreadsheet's cell). */
export const tagsOfText = (text: string) => text.split(',').map((tag) => tag.trim()).filter(Boolean);
