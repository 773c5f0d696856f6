import { useEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Body1, Button, Spinner } from '@fluentui/react-components';
import { AddRegular, CloudArrowUpRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n.ts';
import type { EventStart } from '../../machines/scheduler/eventForm.machine.ts';
import { eventOptionsMachine } from '../../machines/scheduler/eventOptions.machine.ts';
import { playlistDragMachine } from '../../machines/scheduler/playlistDrag.machine.ts';
import { schedulerMachine } from '../../machines/scheduler/scheduler.machine.ts';
import type { EventOptions, SchedulerEvent } from '../../services/scheduler.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { PreflightDialog } from '../common/PreflightDialog.tsx';
import { useNotify } from '../common/notify.tsx';
import { useCan } from '../common/usePermission.ts';
import { addDays, monthGridRange, newEventDate, ymd } from './calendarEvents.ts';
import { EventFormDialog } from './EventFormDialog.tsx';
import { PlaylistPanel } from './PlaylistPanel.tsx';
import { firstDayOf, SchedulerCalendar } from './SchedulerCalendar.tsx';
import { useSchedulerStyles } from './Scheduler.styles.ts';
import { PublishWarnings } from './PublishWarnings.tsx';
import { UncommittedMessage } from './UncommittedMessage.tsx';


export interface SchedulerViewProps {
  /** The campaign shown and edited (null: every campaign, read and edited by event). */
  campaignId: number | null;
  /** Where the playlist page's "Back to scheduler" returns to. */
  returnTo: string;
  /** Filters above the calendar (the campaign picker of /scheduler). */
  filters?: ReactNode;
}

/** The calendar of a campaign (or of every campaign), its playlists panel, the event form, Publish and the leave guard. */
export function SchedulerView({ campaignId, returnTo, filters }: SchedulerViewProps) {
  const { t, i18n } = useTranslation(['scheduler', 'common']);
  const styles = useSchedulerStyles();
  const notify = useNotify();
  // View rights only: a read-only calendar (no add, drag, drop, publish or event form).
  const canEdit = useCan('campaigns');
  const [initialQuery] = useState(() => ({ campaign: campaignId, ...monthGridRange(new Date(), firstDayOf(i18n.language)) }));
  const logic = useMemo(() => schedulerMachine.provide({ actions: { notify: (_, { key, intent }) => notify(i18n.t(`scheduler:${key}`), intent) } }), [i18n, notify]);
  const scheduler = useActorRef(logic, { input: { query: initialQuery } });
  const query = useRef(initialQuery);
  const events = useSelector(scheduler, (s) => s.context.events);
  const loading = useSelector(scheduler, (s) => s.hasTag('loading'));
  const busy = useSelector(scheduler, (s) => s.hasTag('busy'));
  const unpublished = useSelector(scheduler, (s) => s.hasTag('unpublished'));
  const failed = useSelector(scheduler, (s) => s.matches('failed'));
  const canPublish = useSelector(scheduler, (s) => s.can({ type: 'publish.start' }));
  const preflight = useSelector(scheduler, (s) => s.context.preflight);
  const options = useActorRef(eventOptionsMachine);
  const optionsData = useSelector(options, (s) => s.context.data);
  const optionsFailed = useSelector(options, (s) => s.matches('error'));
  const [form, setForm] = useState<SchedulerEvent | EventStart | null>(null);
  const [deleting, setDeleting] = useState<SchedulerEvent | null>(null);
  const viewPeriod = useRef({ start: ymd(new Date()), end: addDays(ymd(new Date()), 1) });
  const newEventDay = () => newEventDate(ymd(new Date()), viewPeriod.current);
  const panel = useRef<PanelActor | null>(null);

  useEffect(() => {
    // The machine loads its input's campaign as it starts: only another campaign is asked for (as onRange does for
    // the range), else the calendar asked for the same events twice on open.
    if (query.current.campaign !== campaignId) {
      scheduler.send({ type: 'campaign.filter', campaign: campaignId });
      query.current = { ...query.current, campaign: campaignId };
    }
    if (campaignId !== null) options.send({ type: 'fetch.load', params: campaignId });
  }, [scheduler, options, campaignId]);

  const open = (from: SchedulerEvent | EventStart) => {
    const campaign = 'id' in from ? from.campaign : from.campaign;
    if (options.getSnapshot().context.params !== campaign || optionsFailed) options.send({ type: 'fetch.load', params: campaign });
    setForm(from);
  };
  const start = (date: string, time: string | null, playlist?: { id: number; name: string }) => {
    if (campaignId === null) return notify(t('messages.chooseCampaign'), 'info');
    open({ campaign: campaignId, date, time, playlist: playlist ?? null, devices: optionsData?.deviceIds ?? [] });
  };
  const panelLogic = useMemo(() => playlistDragMachine.provide({ actions: { startEvent: (_, { playlist, date, time }) => startRef.current(date, time, playlist) } }), []);
  const startRef = useRef(start);
  startRef.current = start;
  const formReady = form && optionsData && optionsData.campaign.id === form.campaign;

  return (
    <>
      <div className={styles.bar}>
        {filters}
        {campaignId !== null && !canEdit ? <Body1 className={styles.hint}>{t('common:viewOnly')}</Body1> : null}
        {campaignId !== null && canEdit ? (
          <>
            <Button icon={<AddRegular />} disabled={busy} onClick={() => start(newEventDay(), null)}>
              {t('actions.add')}
            </Button>
            <Button appearance="primary" icon={busy && unpublished ? <Spinner size="tiny" /> : <CloudArrowUpRegular />} disabled={!canPublish} onClick={() => scheduler.send({ type: 'publish.start' })}>
              {t('actions.publish')}
            </Button>
            <Body1 role="status" className={unpublished ? styles.status : styles.published}>
              {loading ? '' : unpublished ? t('status.unpublished') : t('status.published')}
            </Body1>
          </>
        ) : campaignId === null ? (
          <Body1 className={styles.hint}>{t('status.chooseCampaign')}</Body1>
        ) : null}
      </div>
      <UncommittedMessage scheduler={scheduler} returnTo={returnTo} />
      <PublishWarnings scheduler={scheduler} />
      <PreflightDialog
        preflight={preflight}
        title={t('publish.confirmTitle')}
        intro={t('publish.confirmIntro')}
        failedText={t('publish.checkFailed')}
        confirmLabel={t('publish.confirm')}
        onConfirm={() => scheduler.send({ type: 'publish.confirm' })}
        onCancel={() => scheduler.send({ type: 'publish.cancel' })}
      />
      {failed ? (
        <div role="alert" className={styles.error}>
          {t('messages.loadError')}
          <Button onClick={() => scheduler.send({ type: 'schedule.retry' })}>{t('actions.retry')}</Button>
        </div>
      ) : null}
      <div className={styles.layout}>
        <SchedulerCalendar
          events={events}
          editable={canEdit && !busy}
          loading={loading}
          onRange={(start, end, period) => {
            viewPeriod.current = period;
            if (query.current.start === start && query.current.end === end) return;
            query.current = { ...query.current, start, end };
            scheduler.send({ type: 'range.change', start, end });
          }}
          onEventOpen={canEdit ? open : () => {}}
          onDateOpen={canEdit ? (date, time) => start(date, time) : undefined}
          onMove={(event) => scheduler.send({ type: 'event.move', event })}
          onShift={(event, change) => scheduler.send({ type: 'event.shift', event, change })}
          onDrop={campaignId === null || !canEdit ? undefined : (date, time) => panel.current?.send({ type: 'drag.drop', date, time })}
        />
        {canEdit && campaignId !== null && optionsData?.campaign.id === campaignId ? (
          <PanelHost logic={panelLogic} position={optionsData.campaign.screen_position} returnTo={returnTo} disabled={busy} scheduleDate={newEventDay} panelRef={panel} />
        ) : null}
      </div>
      {form && optionsFailed ? (
        <div role="alert" className={styles.error}>
          {t('messages.optionsError')}
          <Button onClick={() => options.send({ type: 'fetch.load', params: form.campaign })}>{t('actions.retry')}</Button>
          <Button onClick={() => setForm(null)}>{t('common:actions.close')}</Button>
        </div>
      ) : null}
      {formReady ? (
        <EventFormDialog
          from={form}
          options={optionsData}
          onSaved={(event) => scheduler.send({ type: 'event.saved', event })}
          onDelete={(event) => setDeleting(event)}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={deleting?.title}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) scheduler.send({ type: 'event.delete', id: deleting.id });
          setDeleting(null);
          setForm(null);
        }}
      />
      <LeaveGuard when={unpublished} texts={{ title: t('leave.title'), text: t('leave.text'), stay: t('leave.stay'), leave: t('leave.leave') }} />
    </>
  );
}

type PanelActor = ActorRefFrom<typeof playlistDragMachine>;

/** The playlists panel of the campaign's screen position; its actor is handed to the calendar's drop through `panelRef`. */
function PanelHost(props: {
  logic: typeof playlistDragMachine;
  position: EventOptions['campaign']['screen_position'];
  returnTo: string;
  disabled: boolean;
  scheduleDate: () => string;
  panelRef: MutableRefObject<PanelActor | null>;
}) {
  const panel = useActorRef(props.logic, { input: { query: { screen_position: props.position, search: '' } } });
  props.panelRef.current = panel;
  return <PlaylistPanel panel={panel} returnTo={props.returnTo} disabled={props.disabled} scheduleDate={props.scheduleDate} />;
}
