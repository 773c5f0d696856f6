import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Field, Input, Select, Subtitle2 } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { fromPromise } from 'xstate';
import type { RectField, ZoneDraft } from '../../machines/layouts/layoutGeometry.ts';
import { ZONE_NAME_MAX, type LayoutEditorContext } from '../../machines/layouts/layoutEditor.machine.ts';
import { optionSearchMachine } from '../../machines/scheduler/optionSearch.machine.ts';
import { searchZoneContent } from '../../services/layouts.service.ts';
import type { ScreenPosition } from '../../services/schemas/media.ts';
import { OptionPicker } from '../scheduler/OptionPicker.tsx';
import { useEditorStyles } from './LayoutEditor.styles.ts';
import type { MapScreens } from '../../services/schemas/layouts.ts';
import { WidgetForm } from './WidgetForm.tsx';
import { newWidget, type WidgetDraft } from '../../machines/layouts/widgetForm.machine.ts';
import { WIDGET_KINDS, type WidgetKind } from '../../services/schemas/widgets.ts';

const RECT_FIELDS: RectField[] = ['x', 'y', 'width', 'height'];

/** A text field that sends its value when the operator presses Enter or leaves it (the machine validates and clamps). */
function CommitField({ label, value, error, numeric, disabled, onCommit }: { label: string; value: string; error?: string; numeric?: boolean; disabled: boolean; onCommit: (text: string) => void }) {
  const styles = useEditorStyles();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Input
        className={styles.fill}
        value={text}
        inputMode={numeric ? 'numeric' : undefined}
        disabled={disabled}
        onChange={(_, data) => setText(data.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setText(value);
        }}
      />
    </Field>
  );
}

interface Props {
  zone: ZoneDraft;
  screenPosition: ScreenPosition;
  contentName: string | null;
  fieldError: LayoutEditorContext['fieldError'];
  /** The server's (or the editor's own) refusal of the last save under this zone's widget settings. */
  refused: Record<string, string>;
  readOnly: boolean;
  canForward: boolean;
  canBackward: boolean;
  /** For a map widget: the screens that show the layout without a map of their own (the layout's detail). */
  mapScreens?: MapScreens | null;
  send: (event: { type: 'zone.rename'; name: string } | { type: 'zone.field'; field: RectField; value: number } | { type: 'zone.content'; content: ZoneDraft['content']; name: string | null } | { type: 'zone.forward' } | { type: 'zone.backward' } | { type: 'zone.delete' }) => void;
}

/** The chosen zone: its name, exact place and size in layout pixels, what it plays, its drawing order and delete. */
export function ZonePanel({ zone, screenPosition, contentName, fieldError, refused, readOnly, canForward, canBackward, mapScreens, send }: Props) {
  const { t } = useTranslation(['layouts', 'scheduler']);
  const styles = useEditorStyles();
  // A widget zone (issue 38) keeps its widget until a playlist or a file is chosen here.
  const fileKind = zone.content?.kind ?? 'playlist';
  const [kind, setKind] = useState<'playlist' | 'media' | 'widget'>(fileKind);
  useEffect(() => setKind(fileKind), [zone.key, fileKind]);
  const widget = zone.content?.kind === 'widget' ? (zone.content as WidgetDraft) : null;
  const onWidget = useCallback((next: WidgetDraft) => send({ type: 'zone.content', content: next as ZoneDraft['content'], name: null }), [send]);
  const chooseKind = (next: 'playlist' | 'media' | 'widget') => {
    setKind(next);
    // "Widget" puts a clock in at once (every setting at its default); the kind is changed below.
    if (next === 'widget' && !widget) send({ type: 'zone.content', content: newWidget('clock') as ZoneDraft['content'], name: null });
  };
  const searchLogic = useMemo(
    () =>
      optionSearchMachine.provide({
        actors: {
          search: fromPromise(({ input }) => searchZoneContent({ kind: input.kind === 'media' ? 'media' : 'playlist', screen_position: screenPosition, search: input.search, chosen: input.chosen })),
        },
      }),
    [screenPosition],
  );
  const errorOf = (field: RectField | 'name') => (fieldError?.field === field ? t(`validation.${fieldError.code}`, { max: ZONE_NAME_MAX }) : undefined);
  const chosen = zone.content && zone.content.kind !== 'widget' && zone.content.kind === kind ? zone.content.id : null;
  const fileKindChosen = kind === 'media' ? 'media' : 'playlist';

  return (
    <section className={styles.panel} aria-labelledby="zone-panel-title">
      <Subtitle2 as="h2" id="zone-panel-title" className={styles.panelTitle}>
        {t('panel.title', { name: zone.name })}
      </Subtitle2>
      <CommitField label={t('fields.zoneName')} value={zone.name} error={errorOf('name')} disabled={readOnly} onCommit={(name) => send({ type: 'zone.rename', name })} />
      <div className={styles.numbers}>
        {RECT_FIELDS.map((field) => (
          <CommitField
            key={field}
            label={t(`fields.${field}`)}
            value={String(zone[field])}
            numeric
            error={errorOf(field)}
            disabled={readOnly}
            onCommit={(text) => send({ type: 'zone.field', field, value: /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN })}
          />
        ))}
      </div>
      <Field label={t('fields.contentKind')}>
        <Select value={kind} disabled={readOnly} onChange={(_, data) => chooseKind(data.value as 'playlist' | 'media' | 'widget')}>
          <option value="playlist">{t('content.playlist')}</option>
          <option value="media">{t('content.media')}</option>
          <option value="widget">{t('content.widget')}</option>
        </Select>
      </Field>
      {kind === 'widget' && widget ? (
        <>
          <Field label={t('fields.widget')}>
            <Select value={widget.widget} disabled={readOnly} onChange={(_, data) => send({ type: 'zone.content', content: newWidget(data.value as WidgetKind) as ZoneDraft['content'], name: null })}>
              {WIDGET_KINDS.map((item) => (
                <option key={item} value={item}>
                  {t(`widgetKinds.${item}`)}
                </option>
              ))}
            </Select>
          </Field>
          <WidgetForm key={`${zone.key}-${widget.widget}`} zoneKey={zone.key} widget={widget} size={{ width: zone.width, height: zone.height }} refused={refused} disabled={readOnly} onChange={onWidget} mapScreens={mapScreens} />
        </>
      ) : readOnly ? (
        <p className={styles.hint}>{contentName ?? t('panel.noContent')}</p>
      ) : (
        <OptionPicker
          key={`${zone.key}-${kind}`}
          kind={kind === 'media' ? 'media' : 'playlists'}
          campaign={null}
          value={chosen}
          valueName={chosen === null ? null : contentName}
          onChange={(id, name) => send({ type: 'zone.content', content: id === null ? null : { kind: fileKindChosen, id }, name })}
          label={t(kind === 'media' ? 'fields.media' : 'fields.playlist')}
          placeholder={t(kind === 'media' ? 'panel.mediaSearch' : 'panel.playlistSearch')}
          describe={(option) => (option.committed === false ? `${option.name} (${t('panel.uncommitted')})` : option.name)}
          noneLabel={t('panel.noContent')}
          logic={searchLogic}
        />
      )}
      {readOnly ? null : (
        <div className={styles.panelActions}>
          <Button icon={<ArrowUpRegular />} disabled={!canForward} onClick={() => send({ type: 'zone.forward' })}>
            {t('actions.forward')}
          </Button>
          <Button icon={<ArrowDownRegular />} disabled={!canBackward} onClick={() => send({ type: 'zone.backward' })}>
            {t('actions.backward')}
          </Button>
          <Button icon={<DeleteRegular />} onClick={() => send({ type: 'zone.delete' })}>
            {t('actions.deleteZone')}
          </Button>
        </div>
      )}
    </section>
  );
}
