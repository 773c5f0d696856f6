import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, SearchBox } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { mediaListMachine } from '../../machines/media/mediaList.machine.ts';
import { selectHasProcessing, selectParams } from '../../machines/media/mediaList.selectors.ts';
import { uploadMachine } from '../../machines/media/upload.machine.ts';
import type { MediaFile } from '../../services/schemas/media.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { useSearchBox } from '../common/useSearchBox.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { MediaEditDialog, UploadDialog } from './lazyDialogs.tsx';
import { MediaPager } from './MediaPager.tsx';
import { MediaTable } from './MediaTable.tsx';
import { useEditedNotice } from './useEditedNotice.ts';
import { usePolling } from './usePolling.ts';
import { useMediaStyles } from './Media.styles.ts';

/** While a file on the page is processing, the list reloads this often. */
const POLL_MS = 3000;

/** Media list: uploaded date, status, duration, size; search, paging, refresh, add-media and edit-media forms. */
export default function MediaScreen() {
  const { t, i18n } = useTranslation(['media', 'common', 'screens']);
  usePageTitle('screens:titles.media');
  const styles = useMediaStyles();
  const notify = useNotify();
  const edited = useEditedNotice();
  const canEdit = useCan('media');
  const list = useActorRef(mediaListMachine);
  const params = useSelector(list, selectParams);
  const processing = useSelector(list, selectHasProcessing);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const uploadLogic = useMemo(
    () =>
      uploadMachine.provide({
        actions: {
          uploaded: () => reload(),
          batchFinished: (_, summary) => {
            if (summary.failed > 0) notify(i18n.t('media:messages.addError'), 'error');
            else if (summary.done > 0) notify(i18n.t('media:messages.addSuccess'), 'success');
          },
        },
      }),
    [reload, notify, i18n],
  );
  const upload = useActorRef(uploadLogic, { input: {} });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const search = useSearchBox((search) => list.send({ type: 'fetch.load', params: { page: 1, search } }));

  useEffect(() => list.send({ type: 'fetch.load', params: { page: 1 } }), [list]);
  usePolling(processing, POLL_MS, reload);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.media')}
        actions={
          <>
            <Button icon={<ArrowSyncRegular />} onClick={reload}>
              {t('common:actions.refresh')}
            </Button>
            {canEdit ? (
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
                {t('actions.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          value={search.text}
          onChange={(_, data) => search.type(data.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          dismiss={{ 'aria-label': t('common:actions.clearSearch') }}
        />
      </div>
      <MediaTable list={list} onEdit={canEdit ? setEditing : undefined} />
      <MediaPager list={list} onPage={(page) => list.send({ type: 'fetch.load', params: { ...params, page } })} />
      <UploadDialog upload={upload} open={adding} onClose={() => setAdding(false)} />
      {editing ? (
        <MediaEditDialog
          media={editing}
          onSaved={() => {
            edited();
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
