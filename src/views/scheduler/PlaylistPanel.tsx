import { useEffect, useRef, useState } from 'react';
import { Badge, Body1Strong, Button, Input, Spinner } from '@fluentui/react-components';
import { CalendarAddRegular, SearchRegular } from '@fluentui/react-icons';
import { Draggable } from '@fullcalendar/react/interaction';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n.ts';
import type { playlistDragMachine, PanelPlaylist } from '../../machines/scheduler/playlistDrag.machine.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { usePanelStyles } from './PlaylistPanel.styles.ts';

export interface PlaylistPanelProps {
  panel: ActorRefFrom<typeof playlistDragMachine>;
  /** Where "Back to scheduler" on the playlist page returns to. */
  returnTo: string;
  /** The day a playlist scheduled without dragging starts on (the calendar's current date). */
  scheduleDate: () => string;
  disabled: boolean;
}

/**
 * The playlists panel: search, each playlist with its committed state, a link to its page (which leads back here),
 * and a drag onto the calendar (FullCalendar's external Draggable) or the "Schedule" button to start an event.
 */
export function PlaylistPanel({ panel, returnTo, scheduleDate, disabled }: PlaylistPanelProps) {
  const { t } = useTranslation('scheduler');
  const styles = usePanelStyles();
  const playlists = useSelector(panel, (s) => s.context.playlists);
  const loading = useSelector(panel, (s) => s.hasTag('loading'));
  const failed = useSelector(panel, (s) => s.matches('failed'));
  const [search, setSearch] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const byId = useRef(new Map<number, PanelPlaylist>());
  byId.current = new Map(playlists.map((playlist) => [playlist.id, playlist]));

  useEffect(() => {
    const element = list.current;
    if (!element || disabled) return;
    const draggable = new Draggable(element, {
      itemSelector: '[data-playlist-id]',
      eventData: (item) => {
        const playlist = byId.current.get(Number(item.getAttribute('data-playlist-id')));
        if (playlist) panel.send({ type: 'drag.start', playlist });
        return { title: playlist?.name ?? '', create: false, duration: '01:00' };
      },
    });
    // The drop (if any) arrives first; a drag that ends anywhere else is cancelled after it.
    const cancel = () => setTimeout(() => panel.send({ type: 'drag.cancel' }), 0);
    draggable.dragging.emitter.on('dragend', cancel);
    return () => {
      draggable.dragging.emitter.off('dragend', cancel);
      draggable.destroy();
    };
  }, [panel, disabled, playlists.length]);

  return (
    <aside className={styles.root} aria-labelledby="playlists-panel-title">
      <Body1Strong as="h2" block id="playlists-panel-title" className={styles.title}>
        {t('panel.title')}
      </Body1Strong>
      <p className={styles.hint}>{t('panel.hint')}</p>
      <Input
        className={styles.search}
        contentBefore={<SearchRegular />}
        value={search}
        aria-label={t('panel.search')}
        placeholder={t('panel.search')}
        onChange={(_, data) => {
          setSearch(data.value);
          panel.send({ type: 'panel.search', search: data.value });
        }}
      />
      {failed ? (
        <div role="alert" className={styles.error}>
          {t('messages.panelError')}
          <Button size="small" onClick={() => panel.send({ type: 'panel.retry' })}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : loading && playlists.length === 0 ? (
        <Spinner size="small" label={t('panel.loading')} />
      ) : playlists.length === 0 ? (
        <p className={styles.hint}>{t('panel.empty')}</p>
      ) : (
        <ul ref={list} className={styles.list} aria-busy={loading}>
          {playlists.map((playlist) => (
            <li key={playlist.id} className={styles.item} data-playlist-id={playlist.id} data-testid="panel-playlist">
              <RouterLink to={`/playlists/${playlist.id}?from=${encodeURIComponent(returnTo)}`} className={styles.name}>
                {playlist.name}
              </RouterLink>
              <span className={styles.meta}>
                <Badge appearance={playlist.committed ? 'tint' : 'filled'} color={playlist.committed ? 'success' : 'warning'}>
                  {t(playlist.committed ? 'panel.committed' : 'panel.uncommitted')}
                </Badge>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<CalendarAddRegular />}
                  disabled={disabled}
                  aria-label={t('panel.schedule', { name: playlist.name })}
                  onClick={() => panel.send({ type: 'playlist.schedule', playlist, date: scheduleDate(), time: null })}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
