import { useMemo, useState } from 'react';
import { Body1, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { PendingClient } from '../../services/devices.service.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { DeviceFormDialog } from '../devices/DeviceFormDialog.tsx';
import { formatDateTime } from '../devices/format.ts';
import { clientsLogic } from '../devices/logic.ts';

/** /clients: players that said hello and wait to be adopted into devices. */
export default function ClientsScreen() {
  const { t, i18n } = useTranslation(['devices', 'screens', 'common']);
  usePageTitle('screens:titles.clients');
  const notify = useNotify();
  const logic = useMemo(() => clientsLogic.provide({ actions: { notify: (_, { intent, message }) => notify(i18n.t(message), intent) } }), [i18n, notify]);
  const clients = useActorRef(logic);
  const status = useSelector(clients, (s) => s.value as string);
  const rows = useSelector(clients, (s) => s.context.data?.results ?? null);
  const error = useSelector(clients, (s) => s.context.error);
  const busy = useSelector(clients, (s) => s.hasTag('loading'));
  const [adopting, setAdopting] = useState<PendingClient | null>(null);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.clients')}
        actions={
          <Button icon={<ArrowSyncRegular />} onClick={() => clients.send({ type: 'clients.refresh' })} disabled={busy}>
            {t('actions.refresh')}
          </Button>
        }
      />
      <Body1 as="p" block>{t('clients.intro')}</Body1>
      {status === 'loading' ? <Loading /> : null}
      {status === 'error' ? <Body1 as="p" block role="alert">{`${t('clients.loadError')}: ${t(`common:${errorMessageKey(error)}`)}`}</Body1> : null}
      {rows && rows.length === 0 ? <Body1 as="p" block>{t('clients.empty')}</Body1> : null}
      {rows && rows.length > 0 ? (
        <Table aria-label={t('clients.title')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('clients.serial')}</TableHeaderCell>
              <TableHeaderCell>{t('clients.mac')}</TableHeaderCell>
              <TableHeaderCell>{t('clients.ip')}</TableHeaderCell>
              <TableHeaderCell>{t('clients.version')}</TableHeaderCell>
              <TableHeaderCell>{t('clients.lastSeen')}</TableHeaderCell>
              <TableHeaderCell>{t('clients.hellos')}</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((client) => (
              <TableRow key={client.id}>
                <TableCell>{client.serial}</TableCell>
                <TableCell>{client.mac ?? t('list.none')}</TableCell>
                <TableCell>{client.ip ?? t('list.none')}</TableCell>
                <TableCell>{client.version || t('list.none')}</TableCell>
                <TableCell>{formatDateTime(client.last_seen, i18n.language, t('list.never'))}</TableCell>
                <TableCell>{client.hello_count}</TableCell>
                <TableCell>
                  <Button size="small" appearance="primary" icon={<AddRegular />} onClick={() => setAdopting(client)} aria-label={`${t('clients.adopt')} ${client.serial}`}>
                    {t('clients.adopt')}
                  </Button>{' '}
                  <Button size="small" icon={<DismissRegular />} disabled={busy} onClick={() => clients.send({ type: 'clients.dismiss', id: client.id })} aria-label={`${t('clients.dismiss')} ${client.serial}`}>
                    {t('clients.dismiss')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {adopting ? (
        <DeviceFormDialog
          prefill={{ sn: adopting.serial, mac: adopting.mac ?? '', ip: adopting.ip ?? '' }}
          onSaved={() => {
            setAdopting(null);
            notify(t('clients.adopted'), 'info');
            clients.send({ type: 'clients.adopted' });
          }}
          onClose={() => setAdopting(null)}
        />
      ) : null}
    </section>
  );
}
