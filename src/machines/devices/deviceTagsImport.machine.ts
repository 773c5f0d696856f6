import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import type { TagSheet } from '../../services/deviceTagsImport.service.ts';
import type { DeviceTagsImportAnswer } from '../../services/schemas/devices.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';

/** The most rows one import sends (the server's limit). */
export const MAX_TAG_IMPORT_ROWS = 10_000;

/** A row of the file the import could not use: its row number, serial and why (an i18n code under devices:tagsImport.reasons). */
export interface TagImportProblem {
  line: number;
  sn: string;
  reason: string;
}

export interface DeviceTagsImportContext {
  sheet: TagSheet | null;
  /** After the import: how many devices took their tags, and the rows whose serial names no device. */
  updated: number;
  problems: TagImportProblem[];
  /** Why the file could not be imported at all (unreadable, empty, too many rows, network), or null. */
  error: string | null;
}

export type DeviceTagsImportEvent = { type: 'tagsImport.open' } | { type: 'tagsImport.file'; file: Blob } | { type: 'tagsImport.close' };

/**
 * The tags import of /devices (issue 41): a spreadsheet of serial numbers and tags, read in the browser, sent in one
 * request (PUT /tvpi/devices/tags/: every row checked before any is written). The outcome names each row that failed in
 * words: a serial that names no device, tags that break the rules. Provide `readSheet`, `sendTags` and `imported`.
 */
export const deviceTagsImportMachine = setup({
  types: { context: {} as DeviceTagsImportContext, events: {} as DeviceTagsImportEvent },
  actors: {
    readSheet: fromPromise<TagSheet, { file: Blob }>(() => Promise.reject(new Error('readSheet not provided'))),
    sendTags: fromPromise<WriteOutcome<DeviceTagsImportAnswer>, { rows: TagSheet['rows'] }>(() => Promise.reject(new Error('sendTags not provided'))),
  },
  guards: {
    empty: (_, params: { sheet: TagSheet }) => params.sheet.rows.length === 0,
    tooLarge: (_, params: { sheet: TagSheet }) => params.sheet.rows.length > MAX_TAG_IMPORT_ROWS,
    accepted: (_, params: { outcome: WriteOutcome<DeviceTagsImportAnswer> }) => params.outcome.ok,
  },
  actions: {
    reset: assign({ sheet: null, updated: 0, problems: [], error: null }),
    setSheet: assign((_, params: { sheet: TagSheet }) => ({ sheet: params.sheet })),
    fail: assign((_, params: { error: string }) => ({ error: params.error, problems: [] })),
    failWith: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error), problems: [] })),
    setDone: assign(({ context }, params: { outcome: WriteOutcome<DeviceTagsImportAnswer> }) => {
      if (!params.outcome.ok) return {};
      const sheet = context.sheet!;
      return {
        updated: params.outcome.value.updated,
        problems: params.outcome.value.unmatched.map((index) => ({ line: sheet.lines[index]!, sn: sheet.rows[index]!.sn, reason: 'unknown_serial' })),
        error: null,
      };
    }),
    setRefusal: assign(({ context }, params: { outcome: WriteOutcome<DeviceTagsImportAnswer> }) => {
      if (params.outcome.ok) return {};
      const sheet = context.sheet!;
      const problems = Object.entries(params.outcome.fields).flatMap(([field, code]) => {
        const row = /^rows\.(\d+)\./.exec(field);
        return row && sheet.rows[Number(row[1])] ? [{ line: sheet.lines[Number(row[1])]!, sn: sheet.rows[Number(row[1])]!.sn, reason: code }] : [];
      });
      return { problems, error: problems.length ? null : params.outcome.code };
    }),
    imported: () => {},
  },
}).createMachine({
  id: 'deviceTagsImport',
  context: { sheet: null, updated: 0, problems: [], error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'tagsImport.open': { target: 'choosing', actions: 'reset' } } },
    /** The dialog: the format explained, a file to choose (again, after a refusal). */
    choosing: {
      tags: ['dialog'],
      on: { 'tagsImport.file': { target: 'reading', actions: 'reset' }, 'tagsImport.close': { target: 'idle' } },
    },
    reading: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'readSheet',
        src: 'readSheet',
        input: ({ event }) => ({ file: (event as { file: Blob }).file }),
        onDone: [
          { guard: { type: 'empty', params: ({ event }) => ({ sheet: event.output }) }, target: 'choosing', actions: { type: 'fail', params: { error: 'empty_file' } } },
          { guard: { type: 'tooLarge', params: ({ event }) => ({ sheet: event.output }) }, target: 'choosing', actions: { type: 'fail', params: { error: 'too_many_rows' } } },
          { target: 'sending', actions: { type: 'setSheet', params: ({ event }) => ({ sheet: event.output }) } },
        ],
        onError: { target: 'choosing', actions: { type: 'fail', params: { error: 'unreadable' } } },
      },
    },
    sending: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'sendTags',
        src: 'sendTags',
        input: ({ context }) => ({ rows: context.sheet!.rows }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) }, target: 'done', actions: [{ type: 'setDone', params: ({ event }) => ({ outcome: event.output }) }, 'imported'] },
          { target: 'choosing', actions: { type: 'setRefusal', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'choosing', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Imported: how many devices took their tags, and the rows whose serial named none. */
    done: {
      tags: ['dialog'],
      on: { 'tagsImport.close': { target: 'idle' }, 'tagsImport.file': { target: 'reading', actions: 'reset' } },
    },
  },
});

export type DeviceTagsImportActor = ActorRefFrom<typeof deviceTagsImportMachine>;
