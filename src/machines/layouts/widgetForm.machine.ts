import { StructError } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { checkWebPage } from '../../services/layouts.service.ts';
import { WIDGET_DEFAULTS, WIDGET_SETTINGS, widgetProblems, type WebPageCheck, type WidgetKind } from '../../services/schemas/widgets.ts';

/** A widget as the zone's draft holds it: settings as typed (a refused value stays, so nothing typed is lost). */
export interface WidgetDraft {
  kind: 'widget';
  widget: WidgetKind;
  settings: Record<string, unknown>;
}

/** A new widget of `widget`: every setting at its default (an address, a text, a dataset left empty for the operator). */
export function newWidget(widget: WidgetKind): WidgetDraft {
  const settings: Record<string, unknown> = { ...WIDGET_DEFAULTS[widget] };
  if (widget === 'web_page') settings.url = '';
  if (widget === 'qr_code') settings.text = '';
  if (widget === 'data_table') settings.dataset = null;
  return { kind: 'widget', widget, settings: structuredClone(settings) };
}

/** The server's code for one failed setting (server/errors.ts fieldsOf: the same struct, the same codes). */
function failureCode(refinement: string | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'required';
  if (refinement === 'size' || refinement === 'max' || refinement === 'min') return 'out_of_range';
  if (refinement === 'pattern') return 'invalid_format';
  return 'invalid';
}

/**
 * The settings' problems as `{setting: code}` (empty when the server would take them): the shared struct of the kind
 * (src/services/schemas/widgets.ts, the server runs the same) and the rules beyond it (a ticker's messages or dataset).
 * Keys are the setting's path under `settings` (`font_size`, `messages.1`).
 */
export function widgetSettingErrors(widget: WidgetDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const [error] = WIDGET_SETTINGS[widget.widget].validate(widget.settings);
  if (error instanceof StructError) {
    for (const failure of error.failures()) {
      const key = failure.path.join('.') || 'settings';
      errors[key] ??= failureCode(failure.refinement, failure.value);
    }
  }
  for (const [field, code] of Object.entries(widgetProblems(widget as never, ''))) errors[field.replace(/^\.settings\./, '')] ??= code;
  return errors;
}

/** A typed number: the number when the text is one, else the text itself (refused by the struct, kept in the form). */
export function typedNumber(text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

/** Whether an address may be checked: http(s) and parsable (the struct's own rule). */
export function checkableAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !value.trim()) return false;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface WidgetFormContext {
  widget: WidgetDraft;
  /** The settings' problems found here (see widgetSettingErrors). */
  errors: Record<string, string>;
  /** The server's refusal of the last save, by setting (shown until that setting is changed). */
  refused: Record<string, string>;
  /** The web page's check for the address typed (null: not checked yet). */
  check: WebPageCheck | null;
  /** The check itself failed (offline, the server's error code). */
  checkError: string | null;
}

export type WidgetFormEvent =
  /** A setting typed or chosen (the view turns numbers typed into numbers when they are). */
  | { type: 'widget.set'; key: string; value: unknown }
  /** The layout's save was refused: the server's fields under this zone's settings. */
  | { type: 'widget.refused'; fields: Record<string, string> };

/**
 * A widget zone's settings form (issue 38): each change is checked with the shared structs at once (errors per
 * setting) and handed to the layout's draft as typed (`changed`), so a refused value is neither lost nor saved: the
 * editor's save runs the same check and refuses it. A web page's address is checked on the server once typing rests
 * (`checkDelay`, POST /widgets/web-page-check/): a page that refuses to be framed is a warning. The view provides
 * `changed` (the widget as typed, for the editor's `zone.content`).
 */
export const widgetFormMachine = setup({
  types: {
    context: {} as WidgetFormContext,
    events: {} as WidgetFormEvent,
    input: {} as { widget: WidgetDraft; refused?: Record<string, string> },
  },
  actors: {
    checkWebPage: fromPromise<WebPageCheck, { url: string }>(({ input }) => checkWebPage(input.url)),
  },
  delays: { checkDelay: 600 },
  guards: {
    checkableAddress: ({ context }) => context.widget.widget === 'web_page' && checkableAddress(context.widget.settings.url),
    addressTyped: (_, params: { key: string }) => params.key === 'url',
  },
  actions: {
    setValue: assign(({ context }, params: { key: string; value: unknown }) => {
      const widget = { ...context.widget, settings: { ...context.widget.settings, [params.key]: params.value } };
      const refused = Object.fromEntries(Object.entries(context.refused).filter(([field]) => field !== params.key && !field.startsWith(`${params.key}.`)));
      return { widget, errors: widgetSettingErrors(widget), refused };
    }),
    setRefused: assign((_, params: { fields: Record<string, string> }) => ({ refused: params.fields })),
    setCheck: assign((_, params: { check: WebPageCheck }) => ({ check: params.check, checkError: null })),
    setCheckError: assign((_, params: { error: unknown }) => ({ check: null, checkError: errorCodeOf(params.error) })),
    clearCheck: assign({ check: null, checkError: null }),
    changed: (_, _params: { widget: WidgetDraft }) => {},
  },
}).createMachine({
  id: 'widgetForm',
  context: ({ input }) => ({ widget: input.widget, errors: widgetSettingErrors(input.widget), refused: input.refused ?? {}, check: null, checkError: null }),
  initial: 'start',
  on: {
    'widget.set': [
      {
        guard: { type: 'addressTyped', params: ({ event }) => event },
        target: '.address',
        actions: [{ type: 'setValue', params: ({ event }) => event }, 'clearCheck', { type: 'changed', params: ({ context }) => ({ widget: context.widget }) }],
      },
      { actions: [{ type: 'setValue', params: ({ event }) => event }, { type: 'changed', params: ({ context }) => ({ widget: context.widget }) }] },
    ],
    'widget.refused': { actions: { type: 'setRefused', params: ({ event }) => event } },
  },
  states: {
    /** Opening: a web page's address is checked at once. */
    start: { always: [{ guard: 'checkableAddress', target: 'checking' }, { target: 'idle' }] },
    idle: {},
    /** A new address typed: checked when it is one and typing rests. */
    address: { always: [{ guard: 'checkableAddress', target: 'waiting' }, { target: 'idle' }] },
    waiting: { after: { checkDelay: 'checking' } },
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'checkWebPage',
        src: 'checkWebPage',
        input: ({ context }) => ({ url: String(context.widget.settings.url).trim() }),
        onDone: { target: 'idle', actions: { type: 'setCheck', params: ({ event }) => ({ check: event.output }) } },
        onError: { target: 'idle', actions: { type: 'setCheckError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type WidgetFormMachine = typeof widgetFormMachine;
