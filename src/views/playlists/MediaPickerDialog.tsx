import { useMemo, useRef, useState } from 'react';
import { Body1, Button, Checkbox, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, SearchBox, Spinner, Switch } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { mediaPickerMachine } from '../../machines/playlists/mediaPicker.machine.ts';
import { notOfferedReason } from '../../machines/playlists/mediaPicker.selectors.ts';
import type { PlaylistDetail } from '../../services/schemas/playlists.ts';
import { Loading } from '../common/Loading.tsx';
import { clock, playlistErrorKey } from './format.ts';
import { usePickerStyles } from './MediaPicker.styles.ts';
import { Dialog } from '../common/Dialog.tsx';
import { Pager } from './Pager.tsx';
import { useSearchBox } from '../common/useSearchBox.ts';

/** Add media to a playlist: search, "only files that can be added", pick several; files that cannot be added say why. */
export function MediaPickerDialog({ playlist, onAdded, onClose }: { playlist: PlaylistDetail; onAdded: (count: number, done: boolean) => void; onClose: () => void }) {
  const { t } = useTranslation(['playlists', 'media', 'common']);
  const styles = usePickerStyles();
  const callbacks = useRef({ onAdded, onClose });
  callbacks.current = { onAdded, onClose };
  const logic = useMemo(
    () =>
      mediaPickerMachine.provide({
        actions: {
          finished: (_, { added }) => callbacks.current.onAdded(added, true),
          tracksAdded: () => callbacks.current.onAdded(0, false),
          closed: () => callbacks.current.onClose(),
        },
      }),
    [],
  );
  const picker = useActorRef(logic, { input: { playlistId: playlist.id, screenPosition: playlist.screen_position } });
  const media = useSelector(picker, (s) => s.context.media);
  const selected = useSelector(picker, (s) => s.context.selected);
  const error = useSelector(picker, (s) => s.context.error);
  const loading = useSelector(picker, (s) => s.hasTag('loading'));
  const adding = useSelector(picker, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(picker, (s) => s.matches('loadFailed'));
  const addFailed = useSelector(picker, (s) => s.matches('addFailed'));
  const page = useSelector(picker, (s) => s.context.page);
  const [onlyOffered, setOnlyOffered] = useState(true);
  // The search asks the picker for the typed text once typing pauses (src/machines/searchDebounce.machine.ts, 300 ms).
  const search = useSearchBox((text) => picker.send({ type: 'picker.search', search: text }));

  const rows = (media?.results ?? [])
    .map((file) => ({ file, reason: notOfferedReason(file, playlist.screen_position) }))
    .filter((row) => !onlyOffered || row.reason === null);
  const reasonText = (reason: NonNullable<ReturnType<typeof notOfferedReason>>, position: string) =>
    t(`picker.reasons.${reason}`, { position: t(`positions.${position}`).toLowerCase() });

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !adding && picker.send({ type: 'picker.cancel' })}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('picker.title', { name: playlist.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <SearchBox
              value={search.text}
              aria-label={t('picker.searchLabel')}
              onChange={(_, data) => search.type(data.value)}
            />
            <Switch label={t('picker.onlyOffered')} checked={onlyOffered} onChange={(_, data) => setOnlyOffered(data.checked)} />
            {loading ? <Loading /> : null}
            {loadFailed ? (
              <p role="alert" className={styles.error}>
                {t('picker.loadError')} <Button onClick={() => picker.send({ type: 'picker.retry' })}>{t('actions.retry')}</Button>
              </p>
            ) : null}
            {!loading && !loadFailed && rows.length === 0 ? <Body1>{t('picker.empty')}</Body1> : null}
            {!loading && rows.length > 0 ? (
              <ul className={styles.list} aria-label={t('picker.searchLabel')}>
                {rows.map(({ file, reason }) => (
                  <li key={file.id} className={styles.item}>
                    <Checkbox
                      checked={selected.includes(file.id)}
                      disabled={reason !== null || adding}
                      onChange={() => picker.send({ type: 'picker.toggle', id: file.id })}
                      label={
                        <span className={styles.label}>
                          {`${file.name} · ${t(`media:kinds.${file.kind}`)}${file.duration ? ` · ${clock(file.duration)}` : ''}`}
                        </span>
                      }
                    />
                    {reason ? <span className={styles.reason}>{reasonText(reason, file.screen_position)}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {/* Stays while the next page loads, so the focus stays on the button that asked for it. */}
            {media && !loadFailed ? <Pager page={page} count={media.count} labelKey="picker.page" disabled={adding} onPage={(next) => picker.send({ type: 'picker.page', page: next })} /> : null}
            {addFailed ? (
              <p role="alert" className={styles.error}>
                {`${t('picker.addError')}: ${t(playlistErrorKey(error))}`}
              </p>
            ) : null}
            <Body1 aria-live="polite">{t('picker.selected', { count: selected.length })}</Body1>
          </DialogContent>
          <DialogActions>
            <Button disabled={adding} onClick={() => picker.send({ type: 'picker.cancel' })}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              appearance="primary"
              disabled={adding || selected.length === 0}
              icon={adding ? <Spinner size="tiny" /> : undefined}
              onClick={() => picker.send({ type: 'picker.add' })}
            >
              {t('actions.addSelected', { count: selected.length })}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
