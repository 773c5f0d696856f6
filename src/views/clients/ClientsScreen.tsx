import { useMemo, useState } from 'react';
import { Body1, Button } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { PendingClient } from '../../services/devices.service.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { adoptPrefill } from '../../machines/devices/devicesForm.machine.ts';
import { DeviceFormDialog } from '../devices/lazyDialogs.tsx';
import { formatDateTime } from '../devices/format.ts';
import { clientsLogic } from './logic.ts';
import { useDevicesStyles } from '../devices/Devices.styles.ts';

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
  const styles = useDevicesStyles();
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
        <ResponsiveList
          label={t('clients.title')}
          rows={rows}
          rowKey={(client) => client.id}
          title={{ id: 'serial', header: t('clients.serial'), cell: (client) => client.serial, wrap: 'anywhere' }}
          columns={[
            { id: 'mac', header: t('clients.mac'), cell: (client) => client.mac ?? t('list.none'), wrap: 'nowrap' },
            { id: 'ip', header: t('clients.ip'), cell: (client) => client.ip ?? t('list.none'), wrap: 'anywhere' },
            { id: 'version', header: t('clients.version'), cell: (client) => client.version || t('list.none'), wideOnly: true },
            { id: 'lastSeen', header: t('clients.lastSeen'), cell: (client) => formatDateTime(client.last_seen, i18n.language, t('list.never')) },
            { id: 'hellos', header: t('clients.hellos'), cell: (client) => client.hello_count, wideOnly: true },
          ]}
          actions={{
            header: t('clients.actions'),
            cell: (client) => (
              <div className={styles.actions}>
                <Button size="small" appearance="primary" icon={<AddRegular />} onClick={() => setAdopting(client)} aria-label={`${t('clients.adopt')} ${client.serial}`}>
                  {t('clients.adopt')}
                </Button>
                <Button size="small" icon={<DismissRegular />} disabled={busy} onClick={() => clients.send({ type: 'clients.dismiss', id: client.id })} aria-label={`${t('clients.dismiss')} ${client.serial}`}>
                  {t('clients.dismiss')}
                </Button>
              </div>
            ),
          }}
        />
      ) : null}
      {adopting ? (
        <DeviceFormDialog
          prefill={adoptPrefill(adopting)}
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
