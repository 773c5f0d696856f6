import { assign, fromPromise, setup } from 'xstate';
import type { ConfigSaveResult, DeviceConfig } from '../../services/devices.service.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';

export interface ConfigEditorContext {
  deviceId: number;
  configs: DeviceConfig[];
  selectedId: number | null;
  /** The text in the editor. */
  draft: string;
  /** The config picked while the draft had unsaved changes, waiting for keep / discard. */
  pendingId: number | null;
  /** 'invalid_json', or an API error code of the last failed load / save. */
  error: string | null;
}

export type ConfigEditorEvent =
  | { type: 'config.select'; id: number }
  | { type: 'config.edit'; content: string }
  | { type: 'config.save' }
  | { type: 'config.revert' }
  | { type: 'config.discard' }
  | { type: 'config.keep' }
  | { type: 'config.reload' };

const savedContent = (context: ConfigEditorContext) => context.configs.find((config) => config.id === context.selectedId)?.content ?? '';

/**
 * The device configs page: load the device's config files (a message when there are none), pick one,
 * edit, save ("Config updated!"). Unsaved changes carry the tag 'dirty': picking another file then asks
 * to keep or discard them, and the view blocks leaving the page. Provide `loadConfigs`, `saveConfig`, `notify`.
 */
export const devicesConfigEditorMachine = setup({
  types: {
    context: {} as ConfigEditorContext,
    events: {} as ConfigEditorEvent,
    input: {} as { deviceId: number },
  },
  actors: {
    loadConfigs: fromPromise<DeviceConfig[], { deviceId: number }>(() => Promise.reject(new Error('loadConfigs not provided'))),
    saveConfig: fromPromise<ConfigSaveResult, { deviceId: number; configId: number; content: string }>(() =>
      Promise.reject(new Error('saveConfig not provided')),
    ),
  },
  actions: {
    notify: (_, _params: { intent: 'success' | 'error'; message: string }) => {},
    setConfigs: assign((_, params: { configs: DeviceConfig[] }) => ({ configs: params.configs, error: null })),
    select: assign(({ context }, params: { id: number }) => ({
      selectedId: params.id,
      draft: context.configs.find((config) => config.id === params.id)?.content ?? '',
      pendingId: null,
      error: null,
    })),
    selectPending: assign(({ context }) => ({
      selectedId: context.pendingId,
      draft: context.configs.find((config) => config.id === context.pendingId)?.content ?? '',
      pendingId: null,
      error: null,
    })),
    hold: assign((_, params: { id: number }) => ({ pendingId: params.id })),
    release: assign({ pendingId: null }),
    setDraft: assign((_, params: { content: string }) => ({ draft: params.content, error: null })),
    revert: assign(({ context }) => ({ draft: savedContent(context), error: null })),
    storeSaved: assign(({ context }, params: { config: DeviceConfig }) => ({
      configs: context.configs.map((config) => (config.id === params.config.id ? params.config : config)),
      draft: params.config.content,
      error: null,
    })),
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
  },
  guards: {
    hasConfigs: (_, params: { configs: DeviceConfig[] }) => params.configs.length > 0,
    matchesSaved: ({ context }, params: { content: string }) => params.content === savedContent(context),
    isOtherConfig: ({ context }, params: { id: number }) => params.id !== context.selectedId,
    accepted: (_, params: { result: ConfigSaveResult }) => params.result.ok,
  },
}).createMachine({
  id: 'configEditor',
  context: ({ input }) => ({ deviceId: input.deviceId, configs: [], selectedId: null, draft: '', pendingId: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadConfigs',
        src: 'loadConfigs',
        input: ({ context }) => ({ deviceId: context.deviceId }),
        onDone: [
          {
            guard: { type: 'hasConfigs', params: ({ event }) => ({ configs: event.output }) },
            target: 'ready',
            actions: { type: 'setConfigs', params: ({ event }) => ({ configs: event.output }) },
          },
          { target: 'empty', actions: { type: 'setConfigs', params: ({ event }) => ({ configs: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) } },
      },
    },
    failed: { on: { 'config.reload': 'loading' } },
    empty: { on: { 'config.reload': 'loading' } },
    ready: {
      initial: 'noSelection',
      states: {
        noSelection: {
          on: { 'config.select': { target: 'clean', actions: { type: 'select', params: ({ event }) => ({ id: event.id }) } } },
        },
        clean: {
          on: {
            'config.select': { target: 'clean', actions: { type: 'select', params: ({ event }) => ({ id: event.id }) } },
            'config.edit': [
              { guard: { type: 'matchesSaved', params: ({ event }) => ({ content: event.content }) }, actions: { type: 'setDraft', params: ({ event }) => ({ content: event.content }) } },
              { target: 'dirty', actions: { type: 'setDraft', params: ({ event }) => ({ content: event.content }) } },
            ],
          },
        },
        dirty: {
          tags: ['dirty'],
          on: {
            'config.edit': [
              { guard: { type: 'matchesSaved', params: ({ event }) => ({ content: event.content }) }, target: 'clean', actions: { type: 'setDraft', params: ({ event }) => ({ content: event.content }) } },
              { actions: { type: 'setDraft', params: ({ event }) => ({ content: event.content }) } },
            ],
            'config.save': 'saving',
            'config.revert': { target: 'clean', actions: 'revert' },
            'config.select': { guard: { type: 'isOtherConfig', params: ({ event }) => ({ id: event.id }) }, target: 'confirmingSwitch', actions: { type: 'hold', params: ({ event }) => ({ id: event.id }) } },
          },
        },
        confirmingSwitch: {
          tags: ['dirty'],
          on: {
            'config.discard': { target: 'clean', actions: 'selectPending' },
            'config.keep': { target: 'dirty', actions: 'release' },
          },
        },
        saving: {
          tags: ['dirty', 'busy'],
          invoke: {
            id: 'saveConfig',
            src: 'saveConfig',
            input: ({ context }) => ({ deviceId: context.deviceId, configId: context.selectedId!, content: context.draft }),
            onDone: [
              {
                guard: { type: 'accepted', params: ({ event }) => ({ result: event.output }) },
                target: 'clean',
                actions: [
                  { type: 'storeSaved', params: ({ event }) => ({ config: (event.output as Extract<ConfigSaveResult, { ok: true }>).config }) },
                  { type: 'notify', params: { intent: 'success', message: 'devices:configs.updated' } },
                ],
              },
              {
                target: 'dirty',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: (event.output as Extract<ConfigSaveResult, { ok: false }>).reason }) },
                  { type: 'notify', params: ({ event }) => ({ intent: 'error', message: `devices:errors.${(event.output as Extract<ConfigSaveResult, { ok: false }>).reason}` }) },
                ],
              },
            ],
            onError: {
              target: 'dirty',
              actions: [
                { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
                { type: 'notify', params: { intent: 'error', message: 'common:messages.saveError' } },
              ],
            },
          },
        },
      },
    },
  },
});
