import { useMemo } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { journalMachine } from '../../machines/journal/journal.machine.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { saveBlob } from '../devices/format.ts';
import { JournalFilters } from './JournalFilters.tsx';
import { JournalTable } from './JournalTable.tsx';
import { useJournalStyles } from './Journal.styles.ts';

/** The audit journal: who changed what and when, filtered by user, object, action and period, with an xlsx export. */
export default function JournalScreen() {
  const { t, i18n } = useTranslation(['journal', 'screens', 'common']);
  usePageTitle('screens:titles.journal');
  const styles = useJournalStyles();
  const logic = useMemo(() => journalMachine.provide({ actions: { saveFile: (_, { blob }) => saveBlob(blob, 'journal.xlsx') } }), []);
  const journal = useActorRef(logic, { input: { lang: i18n.language } });
  const exporting = useSelector(journal, (s) => s.hasTag('exporting'));
  const canExport = useSelector(journal, (s) => s.can({ type: 'journal.export', lang: 'en' }));
  const exportError = useSelector(journal, (s) => s.context.exportError);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.journal')}
        actions={
          <>
            <Button icon={<ArrowSyncRegular />} onClick={() => journal.send({ type: 'journal.reload' })}>
              {t('common:actions.refresh')}
            </Button>
            <Button
              appearance="primary"
              icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
              disabled={!canExport}
              onClick={() => journal.send({ type: 'journal.export', lang: i18n.language.startsWith('ru') ? 'ru' : 'en' })}
            >
              {exporting ? t('ui.downloading') : t('ui.download')}
            </Button>
          </>
        }
      />
      <p className={styles.intro}>
        {t('intro')} <span className={styles.note}>{t('ui.downloadLimit')}</span>
      </p>
      {exportError ? (
        <p className={styles.error} role="alert">
          {`${t('ui.downloadFailed')} ${t(`common:${errorMessageKey(exportError)}`)}`}
        </p>
      ) : null}
      <JournalFilters journal={journal} />
      <JournalTable journal={journal} />
    </section>
  );
}
