import { useEffect } from 'react';
import { Body1, Button, Card, Subtitle1 } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { contentOverviewMachine } from '../../machines/playlists/playlistList.machine.ts';
import { MEDIA_STATUSES } from '../../services/schemas/media.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { playlistErrorKey } from '../playlists/format.ts';
import { useContentStyles } from './Content.styles.ts';
import { formatDateTime } from '../common/dateTime.ts';

/** The content overview: media counts by status, playlists by commit state, latest uploads, playlists waiting for a commit. */
export default function ContentScreen() {
  const { t, i18n } = useTranslation(['playlists', 'common', 'screens']);
  usePageTitle('screens:titles.content');
  const styles = useContentStyles();
  const overview = useActorRef(contentOverviewMachine);
  const status = useSelector(overview, (s) => s.value);
  const data = useSelector(overview, (s) => s.context.data);
  const error = useSelector(overview, (s) => s.context.error);
  useEffect(() => overview.send({ type: 'fetch.load' }), [overview]);
  const date = (iso: string) => formatDateTime(iso, i18n.language, '');

  let body;
  if (status === 'initial' || status === 'loading') body = <Loading />;
  else if (status === 'error' || !data) {
    body = (
      <div role="alert" className={styles.error}>
        {`${t('content.loadError')}: ${t(playlistErrorKey(error))}`}
        <Button onClick={() => overview.send({ type: 'fetch.load' })}>{t('actions.retry')}</Button>
      </div>
    );
  } else {
    body = (
      <div className={styles.grid}>
        <Card className={styles.card}>
          <Subtitle1 as="h2" block>{t('content.mediaTitle')}</Subtitle1>
          <dl className={styles.counts}>
            {MEDIA_STATUSES.map((s) => (
              <div key={s} className={styles.count}>
                <dt>{t(`content.media.${s}`)}</dt>
                <dd>{t('content.files', { count: data.media[s] })}</dd>
              </div>
            ))}
          </dl>
          <RouterLink to="/media">{t('screens:titles.media')}</RouterLink>
        </Card>
        <Card className={styles.card}>
          <Subtitle1 as="h2" block>{t('content.playlistsTitle')}</Subtitle1>
          <dl className={styles.counts}>
            <div className={styles.count}>
              <dt>{t('content.committed')}</dt>
              <dd>{t('content.playlists', { count: data.playlists.committed })}</dd>
            </div>
            <div className={styles.count}>
              <dt>{t('content.uncommitted')}</dt>
              <dd>{t('content.playlists', { count: data.playlists.uncommitted })}</dd>
            </div>
          </dl>
          <RouterLink to="/playlists">{t('screens:titles.playlists')}</RouterLink>
        </Card>
        <Card className={styles.card}>
          <Subtitle1 as="h2" block>{t('content.recentTitle')}</Subtitle1>
          {data.recentUploads.length === 0 ? (
            <Body1>{t('content.noRecent')}</Body1>
          ) : (
            <ul className={styles.list}>
              {data.recentUploads.map((media) => (
                <li key={media.id}>
                  <RouterLink to={`/media/${media.id}`}>{media.name}</RouterLink> <span className={styles.muted}>{date(media.uploaded)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className={styles.card}>
          <Subtitle1 as="h2" block>{t('content.waitingTitle')}</Subtitle1>
          {data.waiting.length === 0 ? (
            <Body1>{t('content.noWaiting')}</Body1>
          ) : (
            <ul className={styles.list}>
              {data.waiting.map((playlist) => (
                <li key={playlist.id}>
                  <RouterLink to={`/playlists/${playlist.id}`}>{playlist.name}</RouterLink>{' '}
                  <span className={styles.muted}>{t('list.tracks', { count: playlist.tracks_count })}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    );
  }

  return (
    <section>
      <PageHeader title={t('screens:titles.content')} />
      {body}
    </section>
  );
}
