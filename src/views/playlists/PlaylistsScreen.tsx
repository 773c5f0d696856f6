import { useCallback, useEffect, useState } from 'react';
import { Button, Field, SearchBox, Select } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from '../app/router.tsx';
import { playlistDeleteMachine } from '../../machines/playlists/playlistDelete.machine.ts';
import { playlistListMachine, type PlaylistListParams } from '../../machines/playlists/playlistList.machine.ts';
import { SCREEN_POSITIONS } from '../../services/schemas/media.ts';
import type { Playlist } from '../../services/schemas/playlists.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useSearchBox } from '../common/useSearchBox.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { Pager } from './Pager.tsx';
import { PlaylistFormDialog } from './lazyDialogs.tsx';
import { PlaylistList } from './PlaylistList.tsx';
import { usePlaylistsStyles } from './Playlists.styles.ts';

const refusalKey = (reason: string) => `errors.${reason}`;

/** Playlists: filter (name, screen position, commit state), paging, add/edit, delete with the spec's confirmation. */
export default function PlaylistsScreen() {
  const { t } = useTranslation(['playlists', 'common', 'screens']);
  usePageTitle('screens:titles.playlists');
  const styles = usePlaylistsStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const canEdit = useCan('playlists');
  const list = useActorRef(playlistListMachine);
  const params = useSelector(list, (s) => s.context.params);
  const count = useSelector(list, (s) => s.context.data?.count ?? 0);
  const load = useCallback((next: Partial<PlaylistListParams>) => list.send({ type: 'fetch.load', params: { ...list.getSnapshot().context.params, ...next } }), [list]);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(playlistDeleteMachine, 'playlists', reload, refusalKey);
  const [form, setForm] = useState<{ playlist: Playlist | null } | null>(null);
  const search = useSearchBox((search) => load({ page: 1, search }));

  useEffect(() => list.send({ type: 'fetch.load', params: { page: 1 } }), [list]);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.playlists')}
        actions={
          canEdit ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setForm({ playlist: null })}>
              {t('actions.add')}
            </Button>
          ) : null
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          value={search.text}
          onChange={(_, data) => search.type(data.value)}
          placeholder={t('filters.searchPlaceholder')}
          aria-label={t('filters.searchLabel')}
        />
        <Field label={t('filters.position')} className={styles.filter}>
          <Select value={params.screen_position ?? ''} onChange={(_, data) => load({ page: 1, screen_position: (data.value || undefined) as PlaylistListParams['screen_position'] })}>
            <option value="">{t('filters.any')}</option>
            {SCREEN_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {t(`positions.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filters.committed')} className={styles.filter}>
          <Select value={params.committed ?? ''} onChange={(_, data) => load({ page: 1, committed: (data.value || undefined) as PlaylistListParams['committed'] })}>
            <option value="">{t('filters.any')}</option>
            <option value="true">{t('filters.committedOnly')}</option>
            <option value="false">{t('filters.uncommittedOnly')}</option>
          </Select>
        </Field>
      </div>
      <PlaylistList
        list={list}
        filtered={!!(params.search || params.screen_position || params.committed)}
        onEdit={canEdit ? (playlist) => setForm({ playlist }) : undefined}
        onDelete={canEdit ? (playlist) => remove.ask(playlist.id, playlist.name) : undefined}
        onRetry={reload}
      />
      <Pager page={params.page} count={count} labelKey="list.page" onPage={(page) => load({ page })} />
      {form ? (
        <PlaylistFormDialog
          playlist={form.playlist}
          onSaved={(saved) => {
            notify(t(form.playlist ? 'messages.edited' : 'messages.saved'), 'success');
            if (form.playlist) reload();
            else navigate(`/playlists/${saved.id}`);
          }}
          onClose={() => setForm(null)}
        />
      ) : null}
      {remove.dialog}
    </section>
  );
}
