import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import { Body1, Button, Switch, tokens } from '@fluentui/react-components';
import { AddRegular, PlayRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useParams, useSearchParams } from '../app/router.tsx';
import { layoutCommitMachine } from '../../machines/layouts/layoutCommit.machine.ts';
import { layoutEditorMachine } from '../../machines/layouts/layoutEditor.machine.ts';
import { layoutPreviewMachine } from '../../machines/layouts/layoutPreview.machine.ts';
import { contentKey, selectedZone, zoneSettingFields } from '../../machines/layouts/layoutEditor.selectors.ts';
import { NUDGE_STEP, NUDGE_STEP_LARGE, type ZoneDraft } from '../../machines/layouts/layoutGeometry.ts';
import { DraftHeader, DraftLoadFailed, DraftToolbar, schedulerReturn } from '../common/DraftEditor.tsx';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { Loading } from '../common/Loading.tsx';
import { PreflightDialog } from '../common/PreflightDialog.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { CommitBadge } from '../playlists/CommitBadge.tsx';
import { LayoutCanvas } from './canvas.tsx';
import { layoutErrorKey } from './format.ts';
import { useEditorStyles } from './LayoutEditor.styles.ts';
import { ZoneList } from './ZoneList.tsx';
import { ZonePanel } from './ZonePanel.tsx';
import type { MapScreens } from '../../services/schemas/layouts.ts';
import { PlayPreviewDialog } from './PlayPreviewDialog.tsx';

/** The canvas's colours: Fluent tokens, resolved by the canvas in the theme around it. */
const CANVAS_COLORS = {
  background: tokens.colorNeutralBackground3,
  zone: tokens.colorBrandBackground2,
  selected: tokens.colorBrandBackground2Hover,
  stroke: tokens.colorBrandStroke1,
  text: tokens.colorNeutralForeground1,
};

const NO_FIELDS: Record<string, string> = {};
const shallowEqual = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** One layout: the canvas with its zones, the chosen zone's panel, save, discard and Commit (issue 36, "The editor"). */
export default function LayoutScreen() {
  const { t, i18n } = useTranslation(['layouts', 'common', 'screens', 'playlists']);
  usePageTitle('screens:titles.layout');
  const styles = useEditorStyles();
  const notify = useNotify();
  const layoutId = Number(useParams().layoutId);
  const canEdit = useCan('playlists');
  const back = schedulerReturn(useSearchParams()[0].get('from'));
  const commitLogic = useMemo(() => layoutCommitMachine.provide({ actions: { notify: (_, { key, intent }) => notify(i18n.t(`layouts:${key}`), intent) } }), [notify, i18n]);
  const commit = useActorRef(commitLogic, { input: { layoutId, committed: false, version: 0 } });
  const editorLogic = useMemo(
    () =>
      layoutEditorMachine.provide({
        actions: {
          notify: (_, { key, intent }) => notify(i18n.t(`layouts:${key}`), intent),
          loaded: (_, { layout }) => commit.send({ type: 'commit.sync', committed: layout.committed, version: layout.version }),
        },
      }),
    [notify, i18n, commit],
  );
  const editor = useActorRef(editorLogic, { input: { layoutId } });
  const preview = useActorRef(layoutPreviewMachine);
  const layout = useSelector(editor, (s) => s.context.layout);
  const zones = useSelector(editor, (s) => s.context.zones);
  const selected = useSelector(editor, (s) => s.context.selected);
  const zone = useSelector(editor, (s) => selectedZone(s.context));
  const names = useSelector(editor, (s) => s.context.contentNames);
  const previews = useSelector(editor, (s) => s.context.contentPreviews);
  const grid = useSelector(editor, (s) => s.context.grid);
  const fieldError = useSelector(editor, (s) => s.context.fieldError);
  const refused = useSelector(editor, (s) => (s.context.selected ? zoneSettingFields(s.context, s.context.fields, s.context.selected) : NO_FIELDS), shallowEqual);
  const error = useSelector(editor, (s) => s.context.error);
  const loading = useSelector(editor, (s) => s.hasTag('loading'));
  const failed = useSelector(editor, (s) => s.matches('loadFailed'));
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const canAdd = useSelector(editor, (s) => s.can({ type: 'zone.add', name: '' }));
  const canForward = useSelector(editor, (s) => !!selectedZone(s.context) && selectedZone(s.context)!.z < s.context.zones.length - 1);
  const canBackward = useSelector(editor, (s) => (selectedZone(s.context)?.z ?? 0) > 0);
  const committing = useSelector(commit, (s) => s.hasTag('busy'));
  // While the server checks, the operator confirms or the server commits, the badge says what it said when Commit was pressed.
  const committed = useSelector(commit, (s) => s.matches('committed') || (!s.matches('uncommitted') && !s.matches('failed') && s.context.committedBefore));
  const preflight = useSelector(commit, (s) => s.context.preflight);
  const version = useSelector(commit, (s) => s.context.version);
  const commitError = useSelector(commit, (s) => (s.matches('failed') ? s.context.error : null));
  const cancelGesture = useRef<(() => boolean) | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const contentName = (item: ZoneDraft) =>
    item.content ? (item.content.kind === 'widget' ? t(`widgetKinds.${item.content.widget}`) : (names[contentKey(item.content)] ?? t(`content.${item.content.kind}`))) : null;
  const describe = (item: ZoneDraft) =>
    t('editor.zoneSummary', {
      name: item.name,
      x: number.format(item.x),
      y: number.format(item.y),
      width: number.format(item.width),
      height: number.format(item.height),
      content: contentName(item) ?? t('panel.noContent'),
    });
  const newName = () => t('editor.newZoneName', { number: zones.length + 1 });
  const onKey = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const arrow = ARROWS[event.key];
      const step = event.shiftKey ? NUDGE_STEP_LARGE : NUDGE_STEP;
      if (arrow && canEdit) {
        event.preventDefault();
        editor.send({ type: 'zone.nudge', dx: arrow[0] * step, dy: arrow[1] * step });
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && canEdit) {
        event.preventDefault();
        editor.send({ type: 'zone.delete' });
      } else if (event.key === 'Escape') {
        if (!cancelGesture.current?.()) editor.send({ type: 'zone.select', key: null });
      } else if ((event.key === ']' || event.key === 'PageUp') && canEdit) {
        editor.send({ type: 'zone.forward' });
      } else if ((event.key === '[' || event.key === 'PageDown') && canEdit) {
        editor.send({ type: 'zone.backward' });
      }
    },
    [editor, canEdit],
  );

  const backLink = back ? <RouterLink to={back}>{t('playlists:actions.backToScheduler')}</RouterLink> : <RouterLink to="/layouts">{t('actions.backToList')}</RouterLink>;
  if (loading && !layout) return <Loading />;
  if (failed || !layout) {
    return <DraftLoadFailed back={backLink} message={`${t('editor.loadError')}: ${t(layoutErrorKey(error))}`} retryLabel={t('actions.retry')} onRetry={() => editor.send({ type: 'editor.retry' })} />;
  }

  return (
    <section>
      <DraftHeader
        back={backLink}
        title={layout.name}
        commit={canEdit ? { label: t('actions.commit'), committing, disabled: dirty || busy || committing, onCommit: () => commit.send({ type: 'commit.start' }) } : null}
      />
      <div className={styles.summary}>
        <CommitBadge playlist={{ committed, version }} />
        <Body1>{t(`positions.${layout.screen_position}`)}</Body1>
        <Body1>{t('list.size', { width: number.format(layout.width), height: number.format(layout.height) })}</Body1>
        <Button
          icon={<PlayRegular />}
          disabled={zones.length === 0}
          onClick={() => preview.send({ type: 'preview.open', canvas: { id: layout.id, width: layout.width, height: layout.height, background: layout.background }, zones })}
        >
          {t('actions.playPreview')}
        </Button>
      </div>
      {commitError ? (
        <p role="alert" className={styles.error}>
          {t(layoutErrorKey(commitError))}
        </p>
      ) : null}
      {canEdit ? (
        <DraftToolbar
          dirty={dirty}
          busy={busy}
          labels={{ save: t('actions.save'), discard: t('actions.discard'), dirty: t('editor.dirty') }}
          onSave={() => editor.send({ type: 'editor.save' })}
          onDiscard={() => editor.send({ type: 'editor.discard' })}
          lead={
            <Button icon={<AddRegular />} disabled={!canAdd || busy} onClick={() => editor.send({ type: 'zone.add', name: newName() })}>
              {t('actions.addZone')}
            </Button>
          }
          trail={<Switch checked={grid} label={t('editor.grid')} onChange={() => editor.send({ type: 'grid.toggle' })} />}
        />
      ) : (
        <p className={styles.hint}>{t('common:viewOnly')}</p>
      )}
      <div className={styles.workspace}>
        <div className={styles.canvasColumn}>
          <LayoutCanvas
            width={layout.width}
            height={layout.height}
            zones={[...zones].sort((a, b) => a.z - b.z)}
            selected={selected}
            grid={grid}
            readOnly={!canEdit || busy}
            colors={CANVAS_COLORS}
            label={t('editor.canvasLabel')}
            describedBy="layout-zones-count"
            caption={(item) => item.name}
            previewOf={(item) => (item.content ? (previews[contentKey(item.content)] ?? null) : null)}
            onSelect={(key) => editor.send({ type: 'zone.select', key })}
            onDraw={(rect) => editor.send({ type: 'zone.draw', rect, name: newName() })}
            onPlace={(key, rect) => editor.send({ type: 'zone.place', key, rect })}
            onKey={onKey}
            cancelRef={cancelGesture}
          />
          <p className={styles.hint}>{t(canEdit ? 'editor.keysHint' : 'editor.viewHint')}</p>
          <ZoneList id="layout-zones-count" zones={zones} selected={selected} describe={describe} onSelect={(key) => editor.send({ type: 'zone.select', key })} />
        </div>
        {zone ? (
          <ZonePanel
            zone={zone}
            screenPosition={layout.screen_position}
            contentName={contentName(zone)}
            fieldError={fieldError}
            refused={refused}
            readOnly={!canEdit || busy}
            canForward={canForward}
            canBackward={canBackward}
            mapScreens={'map_screens' in layout ? (layout as { map_screens?: MapScreens | null }).map_screens : null}
            send={(event) => editor.send(event)}
          />
        ) : (
          <p className={styles.hint}>{t('panel.none')}</p>
        )}
      </div>
      <PreflightDialog
        preflight={preflight}
        title={t('commitConfirm.title')}
        intro={t('commitConfirm.intro')}
        failedText={t('commitConfirm.failed')}
        confirmLabel={t('commitConfirm.confirm')}
        onConfirm={() => commit.send({ type: 'commit.confirm' })}
        onCancel={() => commit.send({ type: 'commit.cancel' })}
      />
      <PlayPreviewDialog preview={preview} width={layout.width} height={layout.height} />
      <LeaveGuard when={dirty} texts={{ title: t('leave.title'), text: t('leave.text'), stay: t('leave.stay'), leave: t('leave.leave') }} />
    </section>
  );
}
