import { assign, fromPromise, setup } from 'xstate';
import type { Device, DeviceWriteResult } from '../../services/devices.service.ts';
import {
  DATE_PATTERN,
  MAC_PATTERN,
  SERIAL_PATTERN,
  isIpAddress,
  normalizeMac,
  type DefaultConfig,
  type DeviceCreateBody,
  type DevicePosition,
  type DeviceType,
} from '../../services/schemas/devices.ts';
import { normalizeTags, tagsOfText, tagsText } from '../../services/schemas/deviceTags.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';

/** The form's fields as the inputs hold them (text; '' for none). */
export interface DeviceFormValues {
  sn: string;
  mac: string;
  name: string;
  office: string;
  device_type: DeviceType;
  default_config: DefaultConfig;
  screen_type: string;
  description: string;
  mount_date: string;
  warranty: string;
  position: DevicePosition;
  ip: string;
  /** Comma-separated, as typed ("lobby, floor 2"). */
  tags: string;
}
export type DeviceFormField = keyof DeviceFormValues;

export const EMPTY_DEVICE_FORM: DeviceFormValues = {
  sn: '',
  mac: '',
  name: '',
  office: '',
  device_type: 'tvpi',
  default_config: 'standard',
  screen_type: '',
  description: '',
  mount_date: '',
  warranty: '',
  position: 'unknown',
  ip: '',
  tags: '',
};

export function valuesOf(device: Device): DeviceFormValues {
  return {
    sn: device.sn,
    mac: device.mac ?? '',
    name: device.name,
    office: device.office ? String(device.office) : '',
    device_type: device.device_type as DeviceType,
    default_config: device.default_config as DefaultConfig,
    screen_type: device.screen_type,
    description: device.description,
    mount_date: device.mount_date ?? '',
    warranty: device.warranty ?? '',
    position: device.position,
    ip: device.ip ?? '',
    tags: tagsText(device.tags ?? []),
  };
}

const LIMITS: Partial<Record<DeviceFormField, number>> = { sn: 64, name: 100, screen_type: 100, description: 1000 };

/**
 * Field -> error code of the form: SN required and well-formed, MAC and IP formats, real calendar dates,
 * lengths. The same rules the server applies; an empty object when the form may be sent.
 */
export function validateDeviceForm(values: DeviceFormValues): Partial<Record<DeviceFormField, string>> {
  const errors: Partial<Record<DeviceFormField, string>> = {};
  const sn = values.sn.trim();
  if (!sn) errors.sn = 'required';
  else if (!SERIAL_PATTERN.test(sn)) errors.sn = 'invalid_format';
  if (values.mac.trim() && !MAC_PATTERN.test(normalizeMac(values.mac))) errors.mac = 'invalid_format';
  if (values.ip.trim() && !isIpAddress(values.ip.trim())) errors.ip = 'invalid_format';
  for (const field of ['mount_date', 'warranty'] as const) {
    const value = values[field].trim();
    if (value && (!DATE_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || !new Date(`${value}T00:00:00Z`).toISOString().startsWith(value))) {
      errors[field] = 'invalid_format';
    }
  }
  const tags = normalizeTags(tagsOfText(values.tags));
  if (!tags.ok) errors.tags = tags.reason;
  for (const [field, limit] of Object.entries(LIMITS) as [DeviceFormField, number][]) {
    if (!errors[field] && values[field].length > limit) errors[field] = 'too_long';
  }
  return errors;
}

/** The create/update body of valid form values. */
export function bodyOf(values: DeviceFormValues): DeviceCreateBody {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    sn: values.sn.trim(),
    mac: orNull(values.mac),
    name: values.name.trim(),
    office: values.office ? Number(values.office) : null,
    device_type: values.device_type,
    default_config: values.default_config,
    screen_type: values.screen_type.trim(),
    description: values.description,
    mount_date: orNull(values.mount_date),
    warranty: orNull(values.warranty),
    position: values.position,
    ip: orNull(values.ip),
    tags: tagsOfText(values.tags),
  };
}

export interface DeviceFormContext {
  /** The device being edited; null when adding. */
  deviceId: number | null;
  values: DeviceFormValues;
  errors: Partial<Record<DeviceFormField, string>>;
  /** Why the last submit failed: 'device_exists' ("Device already exist"), 'validation', or an API error code. */
  failure: string | null;
  saved: Device | null;
}

export type DeviceFormEvent =
  | { type: 'form.change'; field: DeviceFormField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

/** How the web player's version begins (`web-1.0.0`, PLAYER_VERSION): a waiting player that says so is a browser. */
export const WEB_PLAYER_VERSION_PREFIX = 'web-';

/**
 * The add form's values for adopting a waiting player: its serial, MAC and IP, and "Web player (browser)" as its type
 * when the version it reported is the web player's (issue 35); other players keep the form's default type.
 */
export function adoptPrefill(client: { serial: string; mac: string | null; ip: string | null; version: string | null }): Partial<DeviceFormValues> {
  return {
    sn: client.serial,
    mac: client.mac ?? '',
    ip: client.ip ?? '',
    ...(client.version?.toLowerCase().startsWith(WEB_PLAYER_VERSION_PREFIX) ? { device_type: 'web' as const } : {}),
  };
}

export interface DeviceFormInput {
  device?: Device;
  /** Values to start an add form with (adopting a waiting player: its serial, MAC and IP). */
  prefill?: Partial<DeviceFormValues>;
}

/**
 * The add-device and edit-device form: validates on submit (SN required, MAC and IP formats), sends,
 * and maps the server's refusals to fields (a duplicate SN or MAC is "Device already exist").
 * Provide `saveDevice`; the view provides `saved` (close, tell the list) and `cancelled`.
 */
export const devicesFormMachine = setup({
  types: {
    context: {} as DeviceFormContext,
    events: {} as DeviceFormEvent,
    input: {} as DeviceFormInput,
  },
  actors: {
    saveDevice: fromPromise<DeviceWriteResult, { deviceId: number | null; body: DeviceCreateBody }>(() =>
      Promise.reject(new Error('saveDevice not provided')),
    ),
  },
  actions: {
    saved: (_, _params: { device: Device; created: boolean }) => {},
    cancelled: () => {},
    setValue: assign(({ context }, params: { field: DeviceFormField; value: string }) => {
      const { [params.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [params.field]: params.value }, errors, failure: null };
    }),
    showValidation: assign(({ context }) => ({ errors: validateDeviceForm(context.values), failure: 'validation' })),
    applyRefusal: assign((_, params: { result: Extract<DeviceWriteResult, { ok: false }> }) => {
      const { reason, fields } = params.result;
      const errors: Partial<Record<DeviceFormField, string>> = {};
      for (const [field, code] of Object.entries(fields)) {
        if (field in EMPTY_DEVICE_FORM) errors[field as DeviceFormField] = code === 'taken' ? 'device_exists' : code;
      }
      if (reason === 'device_exists' && Object.keys(errors).length === 0) errors.sn = 'device_exists';
      return { errors, failure: reason };
    }),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: errorCodeOf(params.error) })),
    setSaved: assign((_, params: { device: Device }) => ({ saved: params.device, failure: null })),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateDeviceForm(context.values)).length === 0,
    accepted: (_, params: { result: DeviceWriteResult }) => params.result.ok,
  },
}).createMachine({
  id: 'deviceForm',
  context: ({ input }) => ({
    deviceId: input.device?.id ?? null,
    values: input.device ? valuesOf(input.device) : { ...EMPTY_DEVICE_FORM, ...input.prefill },
    errors: {},
    failure: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: { type: 'setValue', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showValidation' }],
        'form.cancel': { target: 'cancelled', actions: 'cancelled' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'saveDevice',
        src: 'saveDevice',
        input: ({ context }) => ({ deviceId: context.deviceId, body: bodyOf(context.values) }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ result: event.output }) },
            target: 'saved',
            actions: [
              { type: 'setSaved', params: ({ event }) => ({ device: (event.output as Extract<DeviceWriteResult, { ok: true }>).device }) },
              {
                type: 'saved',
                params: ({ context, event }) => ({ device: (event.output as Extract<DeviceWriteResult, { ok: true }>).device, created: context.deviceId === null }),
              },
            ],
          },
          {
            target: 'editing',
            actions: { type: 'applyRefusal', params: ({ event }) => ({ result: event.output as Extract<DeviceWriteResult, { ok: false }> }) },
          },
        ],
        onError: { target: 'editing', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
