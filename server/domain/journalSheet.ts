import fs from 'node:fs';
import path from 'node:path';
import type { SheetData } from 'write-excel-file/node';
import type { JournalEntry } from '../../src/services/schemas/journal.ts';
import { wallClock, type SheetLanguage } from './deviceSheet.ts';

/**
 * The journal xlsx (`GET /journal/xlsx/`): the filtered entries, newest first, in the sheet's language (the words of
 * locales/{lang}/journal.json, what the /journal screen says), times in the reader's time zone as real dates.
 */

type Words = Record<string, unknown>;
const COLUMNS = ['created_at', 'username', 'action', 'entity', 'entity_id', 'changes'] as const;

/** The most entries one export holds (the newest ones); the screen says so. */
export const JOURNAL_SHEET_MAX_ROWS = 100_000;

const loaded = new Map<string, Words>();

export function journalWords(localesDir: string, language: SheetLanguage): Words {
  const file = path.join(localesDir, language, 'journal.json');
  let words = loaded.get(file);
  if (!words) {
    words = JSON.parse(fs.readFileSync(file, 'utf8')) as Words;
    loaded.set(file, words);
  }
  return words;
}

const group = (words: Words, name: string) => (words[name] ?? {}) as Record<string, string>;

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** "name: Lobby → Hall; is_active: true → false", field names in the sheet's language where it has them. */
export function changesText(changes: JournalEntry['changes'], words: Words): string {
  const fields = group(words, 'fields');
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${fields[field] ?? field}: ${shown(before)} → ${shown(after)}`)
    .join('; ');
}

/** Who wrote an entry, as the journal screen says it: the user, and the API token the change was made with. */
function who(entry: JournalEntry, list: Record<string, string>): string {
  const user = entry.username ?? (entry.user === null ? (list.system ?? 'system') : `#${entry.user}`);
  return entry.via ? (list.viaToken ?? '{{user}} ({{token}})').replace('{{user}}', user).replace('{{token}}', entry.via) : user;
}

export function journalSheet(entries: JournalEntry[], words: Words, zone: string): SheetData {
  const columns = group(words, 'columns');
  const actions = group(words, 'actions');
  const entities = group(words, 'entities');
  const header = COLUMNS.map((key) => ({ value: columns[key] ?? key, fontWeight: 'bold' as const }));
  const text = (value: string | null | undefined) => (value ? { value, type: String } : null);
  const body = entries.map((entry) => [
    { value: wallClock(new Date(entry.created_at), zone), type: Date, format: 'yyyy-mm-dd hh:mm:ss' },
    text(who(entry, group(words, 'list'))),
    text(actions[entry.action] ?? entry.action),
    text(entities[entry.entity] ?? entry.entity),
    text(entry.entity_id),
    text(changesText(entry.changes, words)),
  ]);
  return [header, ...body] as SheetData;
}

export const JOURNAL_SHEET_WIDTHS = [{ width: 20 }, { width: 20 }, { width: 16 }, { width: 18 }, { width: 10 }, { width: 80 }];

export function journalSheetTitle(words: Words): string {
  return typeof words.title === 'string' ? words.title : 'Journal';
}
