import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular, SaveRegular, SendRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useParams } from '../app/router.tsx';
import { deviceNavigationEditorMachine, isShown } from '../../machines/navigation/deviceNavigationEditor.machine.ts';
import { markerPlacementMachine } from '../../machines/navigation/markerPlacement.machine.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import type { StageMarker } from './LayoutStage.tsx';
import { MarkerPanel } from './MarkerPanel.tsx';
import { useNavigationStyles } from './Navigation.styles.ts';
import { STATUS_TOKENS } from './NavigationLegend.tsx';
import { LayoutStage, PlaceholderEditor } from './stages.tsx';
import { useCanvasImage } from './markerIcons.ts';
import { useImageUrl } from './ObjectViewer.tsx';
import { tokenValue } from './useFetch.ts';
import { Dialog } from '../common/Dialog.tsx';

/** Stage ids of the screen's own marker and of a marker being placed (saved markers have positive ids, new ones negative). */
const OWN = 1e9;
const PLACING = 1e9 + 1;
const NUDGE = 0.005;

/** /navigation/{deviceId}: the device's map, its comment and media placeholder, its markers; Apply and send. */
export default function DeviceNavigationEditorScreen() {
  const deviceId = Number(useParams().deviceId);
  // Another device's map is another editor (its own machine), not this one's draft under a new id.
  return <DeviceNavigationEditor key={deviceId} deviceId={deviceId} />;
}

function DeviceNavigationEditor({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation(['navigation', 'common', 'screens']);
  usePageTitle('screens:titles.deviceNavigationEditor');
  const styles = useNavigationStyles();
  const notify = useNotify();
  const canEdit = useCan('devices'); // the navigation routes' area (server/routes/navigation.ts)
  const themed = useRef<HTMLElement>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const logic = useMemo(
    () =>
      deviceNavigationEditorMachine.provide({
        actions: {
          applied: () => notify(i18n.t('navigation:messages.applied'), 'success'),
          applyFailed: (_, { error }) => notify(`${i18n.t('common:messages.saveError')} ${i18n.t(`common:${errorMessageKey(error)}`)}`, 'error'),
          sent: (_, { version }) => notify(i18n.t('navigation:messages.sent', { version }), 'success'),
          sendFailed: (_, { error }) => notify(`${i18n.t('navigation:messages.sendError')} ${i18n.t(`common:${errorMessageKey(error)}`)}`, 'error'),
        },
      }),
    [notify, i18n],
  );
  const editor = useActorRef(logic, { input: { deviceId } });
  const placementLogic = useMemo(
    () => markerPlacementMachine.provide({ actions: { markerPlaced: (_, { point, draft }) => editor.send({ type: 'marker.add', point, draft }) } }),
    [editor],
  );
  const placement = useActorRef(placementLogic);
  const loaded = useSelector(editor, (s) => s.context.loaded);
  const draft = useSelector(editor, (s) => s.context.draft);
  const markers = useSelector(editor, (s) => s.context.markers);
  const selected = useSelector(editor, (s) => s.context.selected);
  const error = useSelector(editor, (s) => s.context.error);
  const loading = useSelector(editor, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(editor, (s) => s.matches('loadFailed'));
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const canApply = useSelector(editor, (s) => s.can({ type: 'editor.apply' }));
  const canSend = useSelector(editor, (s) => s.can({ type: 'editor.send' }));
  const leaving = useSelector(editor, (s) => (s.matches('confirmingLeave') ? s.context.leaving : null));
  const crosshair = useSelector(placement, (s) => s.hasTag('crosshair'));
  const placing = useSelector(placement, (s) => !s.matches('idle'));
  const newPoint = useSelector(placement, (s) => s.context.point);
  const newDraft = useSelector(placement, (s) => s.context.draft);
  const object = loaded?.objects.find((o) => o.id === draft.object) ?? null;
  const image = useCanvasImage(useImageUrl(object?.layout ?? null));
  const selectedMarker = markers.find((m) => m.id === selected && m.kind !== 'device') ?? null;

  useEffect(() => {
    if (!placing) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && placement.send({ type: 'placement.cancel' });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [placing, placement]);

  const element = themed.current ?? document.body;
  const stageMarkers: StageMarker[] = [
    ...markers.map((m) => ({
      id: m.id,
      kind: m.kind,
      x: m.x,
      y: m.y,
      color: m.kind === 'device' ? tokenValue(element, STATUS_TOKENS[m.device_status ?? 'offline']) : m.color,
      draggable: canEdit && m.kind !== 'device' && !crosshair,
      selected: m.id === selected,
    })),
    ...(object ? [{ id: OWN, kind: 'device' as const, x: draft.x, y: draft.y, color: tokenValue(element, tokens.colorBrandBackground), draggable: canEdit && !crosshair, selected: false }] : []),
    ...(newPoint ? [{ id: PLACING, kind: newDraft.kind, x: newPoint.x, y: newPoint.y, color: newDraft.color, draggable: true, selected: true }] : []),
  ];
  const describe = (kind: string, x: number, y: number) => t('marker.at', { kind: t(`kinds.${kind}`), x: Math.round(x * 100), y: Math.round(y * 100) });

  return (
    <section ref={themed}>
      <PageHeader
        title={loaded ? t('editor.title', { name: loaded.device.name || loaded.device.sn }) : t('screens:titles.deviceNavigationEditor')}
        actions={
          canEdit && (
          <>
            <Button icon={<SaveRegular />} disabled={!canApply} onClick={() => editor.send({ type: 'editor.apply' })}>{t('editor.apply')}</Button>
            <Button appearance="primary" icon={<SendRegular />} disabled={!canSend} onClick={() => editor.send({ type: 'editor.send' })}>{t('editor.send')}</Button>
          </>
          )
        }
      />
      {/* Leaving the page with unapplied changes asks the shared leave question (machines/leaveGuard); reloading or
          closing the tab gets the browser's own. Another object asks the editor's switch question below. */}
      <LeaveGuard when={dirty} texts={{ title: t('leave.title'), text: t('leave.text'), stay: t('leave.stay'), leave: t('leave.leave') }} />
      {leaving !== null ? (
        // Mounted only while asking: a closed-but-mounted alert dialog would leave a dialog below it aria-hidden.
        <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && editor.send({ type: 'leave.stay' })}>
          <DialogSurface aria-describedby="navigation-leave-text">
            <DialogBody>
              <DialogTitle>{t('leave.switchTitle')}</DialogTitle>
              <DialogContent id="navigation-leave-text">{t('leave.text')}</DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => editor.send({ type: 'leave.stay' })}>{t('leave.stay')}</Button>
                <Button onClick={() => editor.send({ type: 'leave.confirm' })}>{t('leave.switch')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
      {loading ? <Loading /> : null}
      {loadFailed ? (
        <p role="alert" className={styles.error}>
          {t('messages.loadError')}: {t(`common:${errorMessageKey(error)}`)}{' '}
          <Button size="small" onClick={() => editor.send({ type: 'editor.retry' })}>{t('actions.retry')}</Button>
        </p>
      ) : null}
      {dirty && !busy ? <p className={styles.message}>{t('editor.unapplied')}</p> : null}
      {loaded ? (
        <div className={styles.viewer}>
          <div className={styles.fields}>
            <Field label={t('editor.object')} hint={loaded.objects.length ? undefined : t('editor.noObjects')}>
              <Dropdown
            className={styles.dropdown}
                placeholder={t('editor.chooseObject')}
                value={object?.name ?? ''}
                selectedOptions={object ? [String(object.id)] : []}
                disabled={busy || placing || !canEdit}
                onOptionSelect={(_, data) => editor.send({ type: 'editor.object', object: Number(data.optionValue) })}
              >
                {loaded.objects.map((o) => (
                  <Option key={o.id} value={String(o.id)}>{o.name}</Option>
                ))}
              </Dropdown>
            </Field>
            {object ? (
              <>
                <div className={styles.actions}>
                  {placing ? (
                    <Button onClick={() => placement.send({ type: 'placement.cancel' })}>{t('marker.cancelPlacement')}</Button>
                  ) : canEdit ? (
                    <Button icon={<AddRegular />} disabled={busy} onClick={() => placement.send({ type: 'placement.start' })}>{t('marker.addMarker')}</Button>
                  ) : null}
                  {crosshair ? <span role="status">{t('marker.placingHint')}</span> : null}
                </div>
                <LayoutStage
                  image={image}
                  markers={stageMarkers}
                  crosshair={crosshair}
                  label={t('stage.editorLabel', { name: object.name })}
                  onLayoutClick={(x, y) => (crosshair ? placement.send({ type: 'placement.click', x, y }) : editor.send({ type: 'marker.select', id: null }))}
                  onMarkerClick={(id) => id !== OWN && id !== PLACING && editor.send({ type: 'marker.select', id })}
                  onMarkerDrag={(id, x, y) =>
                    id === OWN ? editor.send({ type: 'device.move', x, y }) : id === PLACING ? placement.send({ type: 'placement.move', x, y }) : editor.send({ type: 'marker.move', id, x, y })
                  }
                  onKey={(event) => {
                    const step = event.shiftKey ? NUDGE * 10 : NUDGE;
                    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
                    if (event.key === 'Escape') placement.send({ type: 'placement.cancel' });
                    if (!delta || selected === null || !canEdit) return;
                    event.preventDefault();
                    editor.send({ type: 'marker.nudge', id: selected, dx: delta[0]!, dy: delta[1]! });
                  }}
                />
                <ul className={styles.markerList} aria-label={t('marker.list')}>
                  <li>{t('marker.own', { x: Math.round(draft.x * 100), y: Math.round(draft.y * 100) })}</li>
                  {markers.map((m) => (
                    <li key={m.id}>
                      <Button size="small" appearance={m.id === selected ? 'primary' : 'subtle'} disabled={m.kind === 'device'} onClick={() => editor.send({ type: 'marker.select', id: m.id })}>
                        {describe(m.kind, m.x, m.y)}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <div className={styles.panel}>
            {placing && newPoint ? (
              <MarkerPanel
                title={t('marker.newTitle')}
                value={newDraft}
                onChange={(patch) => placement.send({ type: 'placement.describe', patch })}
                onConfirm={() => placement.send({ type: 'placement.confirm' })}
                onCancel={() => placement.send({ type: 'placement.cancel' })}
              />
            ) : selectedMarker && canEdit ? (
              <MarkerPanel
                title={describe(selectedMarker.kind, selectedMarker.x, selectedMarker.y)}
                value={{ kind: selectedMarker.kind as never, color: selectedMarker.color, description: selectedMarker.description }}
                photo={selectedMarker.photo}
                photoFile={selectedMarker.photoFile ?? null}
                onChange={(patch) => editor.send({ type: 'marker.update', id: selectedMarker.id, patch })}
                onPhoto={(file) => editor.send({ type: 'marker.photo', id: selectedMarker.id, file })}
                onDelete={() => setDeleting(selectedMarker.id)}
              />
            ) : null}
            {object ? (
              <fieldset className={styles.shown} aria-describedby="navigation-shown-count">
                <legend>{t('shown.title')}</legend>
                <p id="navigation-shown-count" className={styles.message}>
                  {markers.length ? t('shown.count', { count: markers.filter((m) => isShown(draft, m.id)).length, total: markers.length }) : t('shown.empty')}
                </p>
                <div className={styles.actions}>
                  <Button size="small" disabled={busy || !canEdit || !markers.length} onClick={() => editor.send({ type: 'markers.showAll' })}>{t('shown.all')}</Button>
                  <Button size="small" disabled={busy || !canEdit || !markers.length} onClick={() => editor.send({ type: 'markers.showNone' })}>{t('shown.none')}</Button>
                </div>
                <ul className={styles.markerList} aria-label={t('shown.title')}>
                  {markers.map((m) => (
                    <li key={m.id}>
                      <Checkbox
                        label={m.kind === 'device' ? `${t('kinds.device')}: ${m.device_name || `#${m.device}`}` : describe(m.kind, m.x, m.y)}
                        checked={isShown(draft, m.id)}
                        disabled={busy || !canEdit}
                        onChange={(_, data) => editor.send({ type: 'markers.show', id: m.id, shown: !!data.checked })}
                      />
                    </li>
                  ))}
                </ul>
              </fieldset>
            ) : null}
            <Field label={t('editor.comment')}>
              <Textarea value={draft.comment} maxLength={2000} disabled={busy} readOnly={!canEdit} onChange={(_, data) => editor.send({ type: 'editor.comment', comment: data.value })} />
            </Field>
            <Field label={t('placeholder.title')} hint={t('placeholder.hint')}>
              <PlaceholderEditor
                value={draft.placeholder}
                readOnly={!canEdit}
                colors={{ screen: tokenValue(element, tokens.colorNeutralBackground3), rect: tokenValue(element, tokens.colorBrandBackground), text: tokenValue(element, tokens.colorNeutralForeground1) }}
                onChange={(placeholder) => editor.send({ type: 'editor.placeholder', placeholder })}
              />
            </Field>
          </div>
        </div>
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) editor.send({ type: 'marker.delete', id: deleting });
          setDeleting(null);
        }}
      />
    </section>
  );
}
