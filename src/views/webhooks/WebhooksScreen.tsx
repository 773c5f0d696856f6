import { useCallback, useEffect, useState } from 'react';
import { Badge, Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, HistoryRegular, SendRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { webhookDeleteMachine } from '../../machines/webhooks/webhookDelete.machine.ts';
import { webhookDeliveriesMachine } from '../../machines/webhooks/webhookDeliveries.machine.ts';
import { webhookListMachine } from '../../machines/webhooks/webhookList.machine.ts';
import { webhookTestMachine } from '../../machines/webhooks/webhookTest.machine.ts';
import type { WebhookEndpoint } from '../../services/webhooks.service.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { ListStates } from '../users/ListStates.tsx';
import { useUsersStyles } from '../users/Users.styles.ts';
import { WebhookFormDialog } from './lazyDialogs.tsx';
import { AlertSettingsPanel } from './AlertSettingsPanel.tsx';
import { Attempts, eventKey, TestAnswer, UrlText } from './WebhookPanels.tsx';
import { ShownOnce } from '../common/ShownOnce.tsx';
import { useWebhooksStyles } from './Webhooks.styles.ts';

const refusalKey = () => 'messages.removeError';

/** Webhooks (Company, administrators): endpoints told of events; register, edit, test, attempts, delete; offline alerts. */
export default function WebhooksScreen() {
  const { t } = useTranslation(['webhooks', 'screens']);
  usePageTitle('screens:titles.webhooks');
  const styles = useUsersStyles();
  const own = useWebhooksStyles();
  const notify = useNotify();
  const list = useActorRef(webhookListMachine);
  const tester = useActorRef(webhookTestMachine);
  const attempts = useActorRef(webhookDeliveriesMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const endpoints = useSelector(list, (s) => s.context.data ?? []);
  const tested = useSelector(tester, (s) => s.context.params);
  const shown = useSelector(attempts, (s) => s.context.params);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(webhookDeleteMachine, 'webhooks', reload, refusalKey);
  const [form, setForm] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  useEffect(() => list.send({ type: 'fetch.load' }), [list]);
  const urlOf = (id: number | null) => endpoints.find((endpoint) => endpoint.id === id)?.url ?? '';

  const state = (endpoint: WebhookEndpoint) =>
    endpoint.disabled_reason ? (
      <span className={own.warning}>{t('states.failing_24h')}</span>
    ) : (
      <Badge appearance="tint" color={endpoint.active ? 'success' : 'informative'}>
        {t(endpoint.active ? 'states.on' : 'states.off')}
      </Badge>
    );
  const actions = (endpoint: WebhookEndpoint) => (
    <div className={styles.actions}>
      <Button appearance="subtle" size="small" icon={<SendRegular />} aria-label={t('actions.testNamed', { name: endpoint.url })} onClick={() => tester.send({ type: 'fetch.load', params: endpoint.id })} />
      <Button appearance="subtle" size="small" icon={<HistoryRegular />} aria-label={t('actions.attemptsNamed', { name: endpoint.url })} onClick={() => attempts.send({ type: 'fetch.load', params: endpoint.id })} />
      <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('actions.editNamed', { name: endpoint.url })} onClick={() => setForm({ endpoint })} />
      <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('actions.deleteNamed', { name: endpoint.url })} onClick={() => remove.ask(endpoint.id, endpoint.url)} />
    </div>
  );

  return (
    <section>
      <PageHeader
        title={t('screens:titles.webhooks')}
        actions={
          <Button appearance="primary" icon={<AddRegular />} disabled={status !== 'complete' && status !== 'updating'} onClick={() => setForm({ endpoint: null })}>
            {t('actions.add')}
          </Button>
        }
      />
      {secret ? (
        <ShownOnce value={secret} words={{ title: t('secret.title'), body: t('secret.body'), copy: t('actions.copy'), dismiss: t('secret.dismiss') }} onDismiss={() => setSecret(null)} />
      ) : null}
      <ListStates ns="webhooks" status={status} error={error} empty={endpoints.length === 0} onRetry={reload}>
        <ResponsiveList
          label={t('list.label')}
          rows={endpoints}
          rowKey={(endpoint) => endpoint.id}
          title={{ id: 'url', header: t('fields.url'), cell: (endpoint) => <span className={own.url}><UrlText url={endpoint.url} /></span> }}
          columns={[
            {
              id: 'events',
              header: t('fields.events'),
              wrap: 'anywhere',
              cell: (endpoint) => <span className={own.muted}>{endpoint.events.map((event) => t(`events.${eventKey(event)}`)).join(', ')}</span>,
            },
            { id: 'state', header: t('fields.state'), cell: state },
          ]}
          actions={{ header: t('fields.actions'), cell: actions }}
        />
      </ListStates>
      {tested !== null ? <TestAnswer actor={tester} url={urlOf(tested)} /> : null}
      {shown !== null ? <Attempts actor={attempts} url={urlOf(shown)} onClose={() => attempts.send({ type: 'fetch.load', params: null })} /> : null}
      {form ? (
        <WebhookFormDialog
          endpoint={form.endpoint}
          onSaved={(saved) => {
            notify(t(form.endpoint ? 'messages.saved' : 'messages.added'), 'success');
            if (saved.secret) setSecret(saved.secret);
            reload();
          }}
          onClose={() => setForm(null)}
        />
      ) : null}
      {remove.dialog}
      <AlertSettingsPanel />
    </section>
  );
}
