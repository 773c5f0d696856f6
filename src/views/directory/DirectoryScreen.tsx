import { useMemo } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { directoryMachine } from '../../machines/directory.machine.ts';
import { selectIsLoading, selectLoadError } from '../../machines/directory.selectors.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { DirectoryFormDialog } from './DirectoryFormDialog.tsx';
import { DirectoryTable } from './DirectoryTable.tsx';
import { useDirectoryStyles } from './Directory.styles.ts';

/** The Directory of encoding queries (administrator only): table, add, edit, activate and deactivate. */
export default function DirectoryScreen() {
  const { t, i18n } = useTranslation(['directory', 'common', 'screens']);
  usePageTitle('screens:titles.directory');
  const styles = useDirectoryStyles();
  const notify = useNotify();
  const logic = useMemo(
    () => directoryMachine.provide({ actions: { notify: (_, { message, intent }) => notify(i18n.t(`directory:${message}`), intent) } }),
    [notify, i18n],
  );
  const directory = useActorRef(logic);
  const loading = useSelector(directory, selectIsLoading);
  const loadError = useSelector(directory, selectLoadError);
  const ready = useSelector(directory, (s) => s.matches('ready'));
  const idle = useSelector(directory, (s) => s.matches({ ready: 'idle' }));

  return (
    <section>
      <PageHeader
        title={t('screens:titles.directory')}
        actions={
          <>
            <Button icon={<ArrowSyncRegular />} disabled={!idle && !loadError} onClick={() => directory.send({ type: 'directory.load' })}>
              {t('common:actions.refresh')}
            </Button>
            <Button appearance="primary" icon={<AddRegular />} disabled={!idle} onClick={() => directory.send({ type: 'directory.add' })}>
              {t('actions.add')}
            </Button>
          </>
        }
      />
      {loading && !ready ? <Loading /> : null}
      {loadError ? (
        <p role="alert" className={styles.error}>
          {`${t('messages.loadError')}: ${t(`common:${errorMessageKey(loadError)}`)}`}
        </p>
      ) : null}
      {ready ? <DirectoryTable directory={directory} /> : null}
      <DirectoryFormDialog directory={directory} />
    </section>
  );
}
