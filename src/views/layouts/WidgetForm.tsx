import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Field, Input, Select, Switch } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { fromPromise } from 'xstate';
import { optionSearchMachine } from '../../machines/scheduler/optionSearch.machine.ts';
import { typedNumber, widgetFormMachine, type WidgetDraft } from '../../machines/layouts/widgetForm.machine.ts';
import { searchDatasetOptions, type DatasetSummary } from '../../services/datasets.service.ts';
import type { MapScreens } from '../../services/schemas/layouts.ts';
import { CLOCK_FORMATS, TICKER_DIRECTIONS, WIDGET_DEFAULTS } from '../../services/schemas/widgets.ts';
import { OptionPicker } from '../scheduler/OptionPicker.tsx';
import { WidgetPreview } from './WidgetPreview.tsx';
import { readFailureText } from '../datasets/format.ts';
import { useWidgetFormStyles } from './WidgetForm.styles.ts';

/** Each number setting's range (docs/api.md "Widgets"; the shared structs refuse anything outside). */
export const WIDGET_RANGES: Record<string, [number, number]> = {
  font_size: [8, 400],
  items: [1, 50],
  speed: [10, 1000],
  reload_minutes: [0, 1440],
  zoom: [0.25, 4],
  rows_per_page: [1, 50],
  page_seconds: [3, 600],
};


interface Props {
  /** The zone's key: a new zone or another widget starts a new form. */
  zoneKey: string;
  widget: WidgetDraft;
  /** The zone's size in layout pixels (the preview's aspect). */
  size: { width: number; height: number };
  /** The server's refusal of the last save under this zone's settings. */
  refused: Record<string, string>;
  disabled: boolean;
  onChange: (widget: WidgetDraft) => void;
  /** For a map: the screens that show the layout and those of them without a map (the layout's detail), if known. */
  mapScreens?: MapScreens | null;
}

/** A widget zone's settings (issue 38): every setting of its kind with its range and default, checked as typed. */
export function WidgetForm({ zoneKey, widget, size, refused, disabled, onChange, mapScreens }: Props) {
  const { t, i18n } = useTranslation(['layouts', 'datasets']);
  const styles = useWidgetFormStyles();
  const changed = useRef(onChange);
  changed.current = onChange;
  const logic = useMemo(() => widgetFormMachine.provide({ actions: { changed: (_, { widget: next }) => changed.current(next) } }), []);
  const form = useActorRef(logic, { input: { widget, refused } });
  const draft = useSelector(form, (s) => s.context.widget);
  const errors = useSelector(form, (s) => s.context.errors);
  const refusedHere = useSelector(form, (s) => s.context.refused);
  const check = useSelector(form, (s) => s.context.check);
  const checkError = useSelector(form, (s) => s.context.checkError);
  const checking = useSelector(form, (s) => s.hasTag('checking'));
  useEffect(() => {
    if (Object.keys(refused).length) form.send({ type: 'widget.refused', fields: refused });
  }, [form, refused]);
  const settings = draft.settings;
  const number = new Intl.NumberFormat(i18n.language);
  const set = (key: string, value: unknown) => form.send({ type: 'widget.set', key, value });
  const defaults = WIDGET_DEFAULTS[draft.widget] as Record<string, unknown>;
  const errorOf = (key: string) => {
    const code = refusedHere[key] ?? errors[key];
    if (!code) return undefined;
    const [min, max] = WIDGET_RANGES[key] ?? [1, 1];
    return t(`widget.errors.${code}`, { defaultValue: t('widget.errors.invalid'), min: number.format(min), max: number.format(max) });
  };
  const fieldProps = (key: string, hint?: string) => {
    const message = errorOf(key);
    return { label: t(`widget.fields.${key}`), validationState: message ? ('error' as const) : ('none' as const), validationMessage: message, hint };
  };
  const defaultHint = (key: string) => {
    const value = defaults[key];
    if (value === undefined) return undefined;
    const shown = value === null ? t('widget.transparent') : key === 'direction' || key === 'format' ? t(`widget.${key === 'direction' ? 'directions' : 'formats'}.${String(value)}`) : typeof value === 'number' ? number.format(value) : typeof value === 'boolean' ? t(value ? 'widget.yes' : 'widget.no') : String(value);
    return t('widget.default', { value: shown || '""' });
  };

  const numberField = (key: string) => {
    const [min, max] = WIDGET_RANGES[key]!;
    return (
      <Field key={key} {...fieldProps(key, `${t('widget.range', { min: number.format(min), max: number.format(max) })}. ${defaultHint(key)}`)}>
        <Input inputMode="decimal" disabled={disabled} value={settings[key] === undefined ? '' : String(settings[key])} onChange={(_, data) => set(key, typedNumber(data.value))} />
      </Field>
    );
  };
  const textField = (key: string, hint?: string) => (
    <Field key={key} {...fieldProps(key, hint)}>
      <Input disabled={disabled} value={typeof settings[key] === 'string' ? (settings[key] as string) : ''} onChange={(_, data) => set(key, data.value)} />
    </Field>
  );
  const colourField = (key: string, nullable = false) => {
    const value = settings[key];
    const transparent = value === null;
    return (
      <div key={key} className={styles.colour}>
        <Field className={styles.grow} {...fieldProps(key, defaultHint(key))}>
          {transparent ? <Input disabled value={t('widget.transparent')} /> : <Input disabled={disabled} value={typeof value === 'string' ? value : ''} onChange={(_, data) => set(key, data.value)} />}
        </Field>
        {transparent ? null : (
          <input
            type="color"
            className={styles.swatch}
            aria-label={t('widget.pick', { field: t(`widget.fields.${key}`) })}
            disabled={disabled}
            value={typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(event) => set(key, event.target.value)}
          />
        )}
        {nullable ? (
          <Checkbox
            label={t('widget.transparentOf', { field: t(`widget.fields.${key}`) })}
            disabled={disabled}
            checked={transparent}
            onChange={(_, data) => set(key, data.checked ? null : typeof defaults[key] === 'string' ? defaults[key] : '#000000')}
          />
        ) : null}
      </div>
    );
  };
  const switchField = (key: string) => (
    <Switch key={key} label={t(`widget.fields.${key}`)} disabled={disabled} checked={settings[key] === true} onChange={(_, data) => set(key, data.checked)} />
  );

  let fields: ReactNode;
  switch (draft.widget) {
    case 'clock':
      fields = (
        <>
          <Field {...fieldProps('format', defaultHint('format'))}>
            <Select disabled={disabled} value={String(settings.format)} onChange={(_, data) => set('format', data.value)}>
              {CLOCK_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`widget.formats.${format}`)}
                </option>
              ))}
            </Select>
          </Field>
          {switchField('hour12')}
          {numberField('font_size')}
          {colourField('color')}
          {colourField('background', true)}
        </>
      );
      break;
    case 'ticker':
      fields = (
        <>
          <MessageList messages={Array.isArray(settings.messages) ? (settings.messages as string[]) : []} disabled={disabled} errorOf={errorOf} onChange={(messages) => set('messages', messages)} />
          <DatasetPicker value={typeof settings.dataset === 'number' ? settings.dataset : null} optional disabled={disabled} error={errorOf('dataset')} onChange={(id) => set('dataset', id)} />
          {numberField('items')}
          {numberField('speed')}
          <Field {...fieldProps('direction', defaultHint('direction'))}>
            <Select disabled={disabled} value={String(settings.direction)} onChange={(_, data) => set('direction', data.value)}>
              {TICKER_DIRECTIONS.map((direction) => (
                <option key={direction} value={direction}>
                  {t(`widget.directions.${direction}`)}
                </option>
              ))}
            </Select>
          </Field>
          {textField('separator', defaultHint('separator'))}
          {numberField('font_size')}
          {colourField('color')}
          {colourField('background', true)}
        </>
      );
      break;
    case 'web_page':
      fields = (
        <>
          {textField('url', t('widget.urlHint'))}
          {checking ? <p className={styles.hint}>{t('widget.check.checking')}</p> : null}
          {check && !check.frameable ? (
            <p role="status" className={styles.warning}>
              {t('widget.check.refused', { reason: check.reason === 'x_frame_options' || check.reason === 'frame_ancestors' ? t(`widget.reasons.${check.reason}`) : readFailureText(t as never, check.reason) })}
            </p>
          ) : null}
          {check?.frameable ? <p className={styles.hint}>{t('widget.check.frameable')}</p> : null}
          {checkError ? <p className={styles.warning}>{t('widget.check.failed')}</p> : null}
          {numberField('reload_minutes')}
          {numberField('zoom')}
        </>
      );
      break;
    case 'qr_code':
      fields = (
        <>
          {textField('text', t('widget.textHint'))}
          {textField('caption')}
          {colourField('color')}
          {colourField('background')}
        </>
      );
      break;
    case 'data_table':
      fields = (
        <>
          <DatasetPicker
            value={typeof settings.dataset === 'number' ? settings.dataset : null}
            disabled={disabled}
            error={errorOf('dataset')}
            onChange={(id) => {
              set('dataset', id);
              set('columns', []);
            }}
            columns={(all) => <ColumnPicker all={all} chosen={Array.isArray(settings.columns) ? (settings.columns as string[]) : []} disabled={disabled} onChange={(columns) => set('columns', columns)} />}
          />
          {numberField('rows_per_page')}
          {numberField('page_seconds')}
          {numberField('font_size')}
          {colourField('header_color')}
          {colourField('header_background')}
          {colourField('color')}
          {colourField('background', true)}
        </>
      );
      break;
    case 'map':
      fields = (
        <>
          {switchField('legend')}
          <p className={styles.hint}>{t('widget.mapHint')}</p>
          {mapScreens && mapScreens.without_map > 0 ? (
            <p role="status" className={styles.warning}>
              {t('widget.mapWithout', {
                without: mapScreens.without_map,
                total: mapScreens.screens,
                names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(mapScreens.names),
              })}
            </p>
          ) : null}
        </>
      );
      break;
  }

  return (
    <div className={styles.form} data-zone={zoneKey}>
      {fields}
      <WidgetPreview widget={draft} size={size} valid={Object.keys(errors).length === 0} />
    </div>
  );
}

/** A ticker's messages: each one a line, added, removed and moved. */
function MessageList({ messages, disabled, errorOf, onChange }: { messages: string[]; disabled: boolean; errorOf: (key: string) => string | undefined; onChange: (messages: string[]) => void }) {
  const { t } = useTranslation('layouts');
  const styles = useWidgetFormStyles();
  const listError = errorOf('messages');
  const move = (index: number, by: number) => {
    const next = [...messages];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('widget.fields.messages')}</legend>
      <p className={styles.hint}>{t('widget.messagesHint')}</p>
      <ul className={styles.list} aria-label={t('widget.fields.messages')}>
        {messages.map((message, index) => {
          const error = errorOf(`messages.${index}`);
          return (
            <li key={index}>
              <Field validationState={error ? 'error' : 'none'} validationMessage={error}>
                <div className={styles.row}>
                  <Input
                    className={styles.grow}
                    aria-label={t('widget.message', { number: index + 1 })}
                    disabled={disabled}
                    value={message}
                    onChange={(_, data) => onChange(messages.map((item, i) => (i === index ? data.value : item)))}
                  />
                  <Button appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('widget.messageUp', { number: index + 1 })} disabled={disabled || index === 0} onClick={() => move(index, -1)} />
                  <Button appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('widget.messageDown', { number: index + 1 })} disabled={disabled || index === messages.length - 1} onClick={() => move(index, 1)} />
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('widget.messageRemove', { number: index + 1 })} disabled={disabled} onClick={() => onChange(messages.filter((_, i) => i !== index))} />
                </div>
              </Field>
            </li>
          );
        })}
      </ul>
      <Button icon={<AddRegular />} disabled={disabled || messages.length >= 50} onClick={() => onChange([...messages, ''])}>
        {t('widget.addMessage')}
      </Button>
      {listError ? (
        <p role="alert" className={styles.error}>
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The datasets of the layout's company (the server scopes the list), searched on the server as the zone's playlist and
 * media pickers are (the first matches, the chosen one first); a URL one that fails says since when.
 */
function DatasetPicker({ value, optional, disabled, error, onChange, columns }: { value: number | null; optional?: boolean; disabled: boolean; error?: string; onChange: (id: number | null) => void; columns?: (all: string[]) => ReactNode }) {
  const { t, i18n } = useTranslation('layouts');
  const styles = useWidgetFormStyles();
  // The summaries the searches answered (columns, source), by id: what the form shows of the chosen one.
  const [known, setKnown] = useState<ReadonlyMap<number, DatasetSummary>>(new Map());
  const logic = useMemo(
    () =>
      optionSearchMachine.provide({
        actors: {
          search: fromPromise(async ({ input }) => {
            const found = await searchDatasetOptions({ search: input.search, chosen: input.chosen });
            setKnown((before) => new Map([...before, ...found.results.map((dataset) => [dataset.id, dataset] as const)]));
            return { count: found.count, results: found.results.map(({ id, name }) => ({ id, name })) };
          }),
        },
      }),
    [],
  );
  const chosen: DatasetSummary | null = value === null ? null : (known.get(value) ?? null);
  const failingSince = chosen?.source?.failed_since ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(chosen.source.failed_since)) : null;
  return (
    <>
      {disabled ? (
        <Field label={t('widget.fields.dataset')}>
          <p className={styles.hint}>{chosen?.name ?? (value === null ? t('widget.noDataset') : t('widget.datasetNumber', { id: value }))}</p>
        </Field>
      ) : (
        <OptionPicker
          kind="playlists"
          campaign={null}
          value={value}
          valueName={chosen?.name ?? (value === null ? null : t('widget.datasetNumber', { id: value }))}
          onChange={(id) => onChange(id)}
          label={t('widget.fields.dataset')}
          placeholder={t('widget.datasetSearch')}
          noneLabel={optional ? t('widget.noDataset') : undefined}
          required={!optional}
          validation={error ? { validationState: 'error', validationMessage: error } : undefined}
          logic={logic}
        />
      )}
      {failingSince ? (
        <p role="status" className={styles.warning}>
          {t('widget.failingSince', { date: failingSince })}
        </p>
      ) : null}
      {chosen && columns ? columns(chosen.columns.map((column) => column.name)) : null}
    </>
  );
}

/** A data table's columns: chosen among the dataset's and put in order (none chosen: all of them). */
function ColumnPicker({ all, chosen, disabled, onChange }: { all: string[]; chosen: string[]; disabled: boolean; onChange: (columns: string[]) => void }) {
  const { t } = useTranslation('layouts');
  const styles = useWidgetFormStyles();
  const [order, setOrder] = useState<string[]>([]);
  useEffect(() => setOrder([...chosen.filter((name) => all.includes(name)), ...all.filter((name) => !chosen.includes(name))]), [all, chosen]);
  const move = (index: number, by: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setOrder(next);
    onChange(next.filter((name) => chosen.includes(name)));
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('widget.fields.columns')}</legend>
      <p className={styles.hint}>{t('widget.columnsHint')}</p>
      {order.map((name, index) => (
        <div key={name} className={styles.row}>
          <Checkbox
            className={styles.grow}
            label={name}
            disabled={disabled}
            checked={chosen.includes(name)}
            onChange={(_, data) => onChange(order.filter((column) => (column === name ? data.checked === true : chosen.includes(column))))}
          />
          <Button appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('widget.columnUp', { name })} disabled={disabled || index === 0} onClick={() => move(index, -1)} />
          <Button appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('widget.columnDown', { name })} disabled={disabled || index === order.length - 1} onClick={() => move(index, 1)} />
        </div>
      ))}
    </fieldset>
  );
}
