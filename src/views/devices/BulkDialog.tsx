import { useEffect } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, ProgressBar, Radio, RadioGroup, Select, Text } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DeviceBulkActor } from '../../machines/devices/deviceBulk.machine.ts';
import { jobShare, type BulkTargetKind } from '../../machines/devices/deviceBulk.selectors.ts';
import { deviceCampaignOptionsMachine } from '../../machines/devices/deviceCampaignOptions.machine.ts';
import { deviceOfficeOptionsMachine } from '../../machines/devices/deviceOfficeOptions.machine.ts';
import { smartGroupListMachine } from '../../machines/devices/smartGroupList.machine.ts';
import { BULK_ACTION_NEEDS, BULK_ACTIONS, MAX_LISTED_FAILURES, type BulkAction, type Job } from '../../services/schemas/deviceJobs.ts';
import { Dialog } from '../common/Dialog.tsx';
import { useBulkStyles } from './Bulk.styles.ts';

export interface BulkDialogProps {
  bulk: DeviceBulkActor;
}

/** The bulk action's dialog (issue 41): choose the devices and the action, follow the job, read its failures. */
export function BulkDialog({ bulk }: BulkDialogProps) {
  const { t } = useTranslation('devices');
  const styles = useBulkStyles();
  const composing = useSelector(bulk, (s) => s.matches('composing') || s.matches('submitting'));
  const finished = useSelector(bulk, (s) => s.matches('finished'));
  const job = useSelector(bulk, (s) => s.context.job);
  const title = finished ? t(job?.status === 'cancelled' ? 'bulk.cancelledTitle' : 'bulk.doneTitle') : t('bulk.title');
  const close = () => bulk.send({ type: composing ? 'bulk.close' : 'bulk.dismiss' });
  return (
    <Dialog open modalType={composing || finished ? 'modal' : 'alert'} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {composing ? <BulkForm bulk={bulk} /> : finished && job ? <BulkOutcome bulk={bulk} job={job} /> : <BulkProgress bulk={bulk} />}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function BulkForm({ bulk }: BulkDialogProps) {
  const { t, i18n } = useTranslation('devices');
  const styles = useBulkStyles();
  const number = new Intl.NumberFormat(i18n.language);
  const context = useSelector(bulk, (s) => s.context);
  const busy = useSelector(bulk, (s) => s.hasTag('busy'));
  const need = BULK_ACTION_NEEDS[context.action];
  const problem = (field: string) => (context.problems[field] ? t(`bulk.problems.${context.problems[field]}`, { defaultValue: t('bulk.problems.generic') }) : undefined);
  const formProblem = context.problems.form ?? context.problems.devices ?? context.problems.target;
  return (
    <>
      <DialogContent className={styles.form}>
        <Field label={t('bulk.devices')} validationMessage={formProblem ? t(`bulk.problems.${formProblem}`, { defaultValue: t('bulk.problems.generic') }) : undefined}>
          <RadioGroup value={context.target} onChange={(_, data) => bulk.send({ type: 'bulk.target', target: data.value as BulkTargetKind })}>
            <Radio value="picked" label={t('bulk.targets.picked', { count: context.picked.length, formatted: number.format(context.picked.length) })} />
            <Radio value="filter" label={t('bulk.targets.filter', { count: context.matching, formatted: number.format(context.matching) })} />
            <Radio value="group" label={t('bulk.targets.group')} />
          </RadioGroup>
        </Field>
        {context.target === 'group' ? <GroupChoice bulk={bulk} problem={problem('group') ?? problem('smart_group')} /> : null}
        <Field label={t('bulk.action')}>
          <Select className={styles.select} value={context.action} onChange={(_, data) => bulk.send({ type: 'bulk.action', action: data.value as BulkAction })}>
            {BULK_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`bulk.actions.${action}`)}
              </option>
            ))}
          </Select>
        </Field>
        {need === 'tags' ? (
          <Field label={t('bulk.tags')} hint={t('bulk.tagsHint')} validationMessage={problem('tags')} required>
            <Input value={context.tags} onChange={(_, data) => bulk.send({ type: 'bulk.tags', text: data.value })} />
          </Field>
        ) : null}
        {need === 'office' ? <OfficeChoice bulk={bulk} problem={problem('office')} /> : null}
        {need === 'campaign' ? <CampaignChoice bulk={bulk} problem={problem('campaign')} /> : null}
        {context.error ? (
          <Text role="alert" className={styles.error}>
            {t('bulk.startError')}
          </Text>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => bulk.send({ type: 'bulk.close' })}>{t('bulk.close')}</Button>
        <Button appearance="primary" disabled={busy} onClick={() => bulk.send({ type: 'bulk.submit' })}>
          {busy ? t('bulk.starting') : t('bulk.start')}
        </Button>
      </DialogActions>
    </>
  );
}

/** A select of options loaded on first show, with its loading and failed states in words. */
function OptionSelect({ label, problem, value, options, status, onPick }: {
  label: string;
  problem?: string;
  value: number | null;
  options: { id: number; label: string }[];
  status: 'loading' | 'error' | 'ready';
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation('devices');
  const styles = useBulkStyles();
  const message = problem ?? (status === 'error' ? t('bulk.optionsError') : undefined);
  return (
    <Field label={label} required validationMessage={message} hint={status === 'loading' ? t('bulk.optionsLoading') : undefined}>
      <Select className={styles.select} value={value === null ? '' : String(value)} onChange={(_, data) => data.value && onPick(Number(data.value))}>
        <option value="">{t('bulk.choose')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const statusOf = (snapshot: { hasTag(tag: string): boolean; matches(state: string): boolean }) => (snapshot.matches('error') ? 'error' : snapshot.matches('complete') ? 'ready' : 'loading');

function GroupChoice({ bulk, problem }: BulkDialogProps & { problem?: string }) {
  const { t, i18n } = useTranslation('devices');
  const number = new Intl.NumberFormat(i18n.language);
  const groups = useActorRef(smartGroupListMachine);
  useEffect(() => groups.send({ type: 'fetch.load' }), [groups]);
  const list = useSelector(groups, (s) => s.context.data) ?? [];
  const status = useSelector(groups, statusOf);
  const value = useSelector(bulk, (s) => s.context.group);
  const options = list.map((group) => ({ id: group.id, label: t('bulk.groupMembers', { name: group.name, count: group.members, formatted: number.format(group.members) }) }));
  return <OptionSelect label={t('bulk.group')} problem={problem} value={value} options={options} status={status} onPick={(group) => bulk.send({ type: 'bulk.group', group })} />;
}

function OfficeChoice({ bulk, problem }: BulkDialogProps & { problem?: string }) {
  const { t } = useTranslation('devices');
  const offices = useActorRef(deviceOfficeOptionsMachine);
  useEffect(() => offices.send({ type: 'fetch.load', params: {} }), [offices]);
  const list = useSelector(offices, (s) => s.context.data) ?? [];
  const status = useSelector(offices, statusOf);
  const value = useSelector(bulk, (s) => s.context.office);
  const options = list.map((office) => ({ id: office.id, label: office.company_name ? `${office.company_name} · ${office.name}` : office.name }));
  return <OptionSelect label={t('bulk.office')} problem={problem} value={value} options={options} status={status} onPick={(office) => bulk.send({ type: 'bulk.office', office })} />;
}

function CampaignChoice({ bulk, problem }: BulkDialogProps & { problem?: string }) {
  const { t } = useTranslation('devices');
  const campaigns = useActorRef(deviceCampaignOptionsMachine);
  useEffect(() => campaigns.send({ type: 'fetch.load' }), [campaigns]);
  const list = useSelector(campaigns, (s) => s.context.data) ?? [];
  const status = useSelector(campaigns, statusOf);
  const value = useSelector(bulk, (s) => s.context.campaign);
  const options = list.map((campaign) => ({ id: campaign.id, label: `${campaign.name} (${t(`positions.${campaign.screen_position}`)})` }));
  return <OptionSelect label={t('bulk.campaign')} problem={problem} value={value} options={options} status={status} onPick={(campaign) => bulk.send({ type: 'bulk.campaign', campaign })} />;
}

function BulkProgress({ bulk }: BulkDialogProps) {
  const { t, i18n } = useTranslation('devices');
  const styles = useBulkStyles();
  const number = new Intl.NumberFormat(i18n.language);
  const job = useSelector(bulk, (s) => s.context.job);
  const error = useSelector(bulk, (s) => s.context.error);
  const cancelling = useSelector(bulk, (s) => s.matches('cancelling'));
  if (!job) return null;
  const progress = t('bulk.progress', { done: number.format(job.done), total: number.format(job.total) });
  return (
    <>
      <DialogContent className={styles.progress}>
        <Text>{t('bulk.running', { action: t(`bulk.actions.${job.action}`) })}</Text>
        <Text weight="semibold" aria-live="polite">
          {progress}
        </Text>
        <ProgressBar value={jobShare(job)} thickness="large" aria-label={t('bulk.progressLabel')} aria-valuetext={progress} />
        {error ? <Text className={styles.muted}>{t('bulk.pollError')}</Text> : null}
      </DialogContent>
      <DialogActions>
        <Button disabled={cancelling} onClick={() => bulk.send({ type: 'bulk.cancel' })}>
          {cancelling ? t('bulk.cancelling') : t('bulk.cancel')}
        </Button>
      </DialogActions>
    </>
  );
}

function BulkOutcome({ bulk, job }: BulkDialogProps & { job: Job }) {
  const { t, i18n } = useTranslation('devices');
  const styles = useBulkStyles();
  const number = new Intl.NumberFormat(i18n.language);
  const action = t(`bulk.actions.${job.action}`);
  return (
    <>
      <DialogContent className={styles.progress}>
        <Text>{t('bulk.doneText', { action, count: job.total, done: number.format(job.done), total: number.format(job.total) })}</Text>
        {job.failed === 0 ? (
          <Text>{t('bulk.noFailures')}</Text>
        ) : (
          <>
            <Text weight="semibold">{t('bulk.failed', { count: job.failed, formatted: number.format(job.failed) })}</Text>
            <ul className={styles.failures} aria-label={t('bulk.failuresLabel')}>
              {job.failures.map((failure) => (
                <li key={failure.device}>
                  {`${failure.name || failure.sn || t('bulk.unnamed', { id: failure.device })}: ${t(`bulk.reasons.${failure.reason}`, { defaultValue: t('bulk.reasons.other', { code: failure.reason }) })}`}
                </li>
              ))}
            </ul>
            {job.failed > job.failures.length ? <Text className={styles.muted}>{t('bulk.moreFailures', { formatted: number.format(MAX_LISTED_FAILURES) })}</Text> : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button appearance="primary" onClick={() => bulk.send({ type: 'bulk.dismiss' })}>
          {t('bulk.close')}
        </Button>
      </DialogActions>
    </>
  );
}
