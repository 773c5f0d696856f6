import { useCallback, useEffect, useState } from 'react';
import { Body1, Button, Subtitle1 } from '@fluentui/react-components';
import { AddRegular, ArrowResetRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { alertRows, officesWithoutOverride, type AlertRow } from '../../machines/webhooks/alertSettings.selectors.ts';
import { alertSettingsDeleteMachine } from '../../machines/webhooks/alertSettingsDelete.machine.ts';
import { alertSettingsListMachine } from '../../machines/webhooks/alertSettingsList.machine.ts';
import { alertSettingsResetMachine } from '../../machines/webhooks/alertSettingsReset.machine.ts';
import { alertFormInput, DEFAULT_OFFLINE_MINUTES, OFFLINE_AFTER_MINUTES } from '../../machines/webhooks/alertSettingsForm.machine.ts';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useNotify } from '../common/notify.tsx';
import { ListStates } from '../users/ListStates.tsx';
import { useUsersStyles } from '../users/Users.styles.ts';
import type { AlertSettingsDialogProps } from './AlertSettingsDialog.tsx';
import { AlertSettingsDialog } from './lazyDialogs.tsx';
import { useWebhooksStyles } from './Webhooks.styles.ts';

const refusalKey = () => 'messages.removeError';
const resetRefusalKey = () => 'alerts.reset.error';
type Editing = Omit<AlertSettingsDialogProps, 'onSaved' | 'onClose'>;

/** Offline alerts of /webhooks: per company, and per office overriding it (threshold, back online, quiet hours, email). */
export function AlertSettingsPanel() {
  const { t } = useTranslation('webhooks');
  const styles = useUsersStyles();
  const own = useWebhooksStyles();
  const notify = useNotify();
  const list = useActorRef(alertSettingsListMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const overview = useSelector(list, (s) => s.context.data);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(alertSettingsDeleteMachine, 'webhooks', reload, refusalKey);
  const reset = useConfirmDelete(alertSettingsResetMachine, 'webhooks', reload, resetRefusalKey, {
    title: (name) => t('alerts.reset.title', { name }),
    text: (name) => t('alerts.reset.text', { name, minutes: t('alerts.minutes', { count: DEFAULT_OFFLINE_MINUTES }) }),
    confirmLabel: t('alerts.reset.confirm'),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  useEffect(() => list.send({ type: 'fetch.load' }), [list]);
  const rows = alertRows(overview);

  const nameOf = (row: AlertRow) => (row.office ? t('alerts.officeOf', { office: row.office.name, company: row.company.name }) : row.company.name);
  const threshold = (row: AlertRow) => {
    const applied = row.stored;
    if (applied && !applied.enabled) return t('alerts.off');
    const minutes = t('alerts.minutes', { count: applied?.offline_minutes ?? DEFAULT_OFFLINE_MINUTES });
    return applied ? minutes : t('alerts.byDefault', { minutes });
  };
  const quiet = (row: AlertRow) =>
    row.stored?.quiet_from && row.stored.quiet_to ? t('alerts.quietRange', { from: row.stored.quiet_from, to: row.stored.quiet_to }) : t('alerts.noQuiet');
  const emails = (row: AlertRow) => (row.stored?.emails.length ? row.stored.emails.join(', ') : t('alerts.noEmails'));
  const edit = (row: AlertRow) =>
    setEditing({ input: alertFormInput(row.company.id, row.office?.id ?? null, row.stored), companyName: row.company.name, offices: null, office: row.office });
  const addOverride = (row: AlertRow) => {
    const free = officesWithoutOverride(overview, row.company.id);
    setEditing({ input: alertFormInput(row.company.id, free[0]?.id ?? null, null, row.companySettings), companyName: row.company.name, offices: free, office: null });
  };
  const actions = (row: AlertRow) => (
    <div className={styles.actions}>
      <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('alerts.actions.editNamed', { name: nameOf(row) })} onClick={() => edit(row)} />
      {row.office ? (
        <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('alerts.actions.removeNamed', { name: nameOf(row) })} onClick={() => remove.ask(row.stored!.id, nameOf(row))} />
      ) : (
        <>
          <Button
            appearance="subtle"
            size="small"
            icon={<AddRegular />}
            aria-label={t('alerts.actions.overrideNamed', { name: row.company.name })}
            disabled={officesWithoutOverride(overview, row.company.id).length === 0}
            onClick={() => addOverride(row)}
          />
          {/* A company without its own settings already has the defaults: nothing to reset. */}
          <Button
            appearance="subtle"
            size="small"
            icon={<ArrowResetRegular />}
            aria-label={t('alerts.actions.resetNamed', { name: row.company.name })}
            disabled={!row.stored}
            onClick={() => row.stored && reset.ask(row.stored.id, row.company.name)}
          />
        </>
      )}
    </div>
  );

  return (
    <section className={own.section} aria-labelledby="alert-settings-title">
      <Subtitle1 as="h2" block id="alert-settings-title">
        {t('alerts.title')}
      </Subtitle1>
      <Body1 className={own.muted}>{t('alerts.intro')}</Body1>
      <Body1 className={own.muted}>{t('alerts.offlineRule', { window: t('alerts.minutes', { count: OFFLINE_AFTER_MINUTES }) })}</Body1>
      <ListStates ns="webhooks" status={status} error={error} empty={rows.length === 0} emptyKey="alerts.empty" loadErrorKey="alerts.loadError" onRetry={reload}>
        <ResponsiveList
          label={t('alerts.title')}
          rows={rows}
          rowKey={(row) => row.key}
          title={{ id: 'name', header: t('alerts.fields.scope'), wrap: 'anywhere', cell: (row) => <span className={styles.name}>{nameOf(row)}</span> }}
          columns={[
            { id: 'threshold', header: t('alerts.fields.threshold'), cell: threshold },
            { id: 'quiet', header: t('alerts.fields.quiet'), cell: quiet },
            { id: 'emails', header: t('alerts.fields.emails'), wrap: 'anywhere', wideOnly: true, cell: (row) => <span className={own.muted}>{emails(row)}</span> },
          ]}
          actions={{ header: t('fields.actions'), cell: actions }}
        />
      </ListStates>
      {editing ? (
        <AlertSettingsDialog
          {...editing}
          onSaved={() => {
            notify(t('messages.saved'), 'success');
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {remove.dialog}
      {reset.dialog}
    </section>
  );
}
