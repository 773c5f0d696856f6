import { useEffect } from 'react';
import { Badge, Body1, Button, Subtitle1, Subtitle2, mergeClasses } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { mediaPlaybackMachine } from '../../machines/media/mediaPlayback.machine.ts';
import { selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { Loading } from '../common/Loading.tsx';
import { formatDateTime } from './format.ts';
import { useDetailsStyles } from './MediaDetails.styles.ts';

/** Media details (issue 24): how many screens play the file now, and the screens that had to skip it, with the reason. */
export function MediaPlaybackSection({ mediaId }: { mediaId: number }) {
  const { t, i18n } = useTranslation('media');
  const styles = useDetailsStyles();
  const fetch = useActorRef(mediaPlaybackMachine);
  useEffect(() => fetch.send({ type: 'fetch.load', params: mediaId }), [fetch, mediaId]);
  const status = useSelector(fetch, selectFetchStatus);
  const data = useSelector(fetch, (s) => s.context.data);

  let body;
  if (status === 'error') {
    body = (
      <div className={styles.state}>
        <Body1 as="p" role="alert" className={styles.error}>
          {t('details.playbackLoadError')}
        </Body1>
        <Button onClick={() => fetch.send({ type: 'fetch.load', params: mediaId })}>{t('details.playbackRetry')}</Button>
      </div>
    );
  } else if (!data) {
    body = <Loading />;
  } else {
    body = (
      <>
        <Body1 as="p" className={styles.usageNone}>
          {data.playing_devices ? t('details.playingOn', { count: data.playing_devices }) : t('details.playingNowhere')}
        </Body1>
        <Subtitle2 as="h3" block className={styles.usageHeading}>
          {t('details.failures')}
        </Subtitle2>
        {data.failures.length ? (
          <ul className={styles.failures} aria-label={t('details.failures')}>
            {data.failures.map((failure) => (
              <li key={`${failure.device}:${failure.kind}`} className={styles.failure}>
                <span className={styles.failureLine}>
                  <span>{failure.device_name}</span>
                  <Badge appearance="tint" color="danger">
                    {t(`details.failureKind.${failure.kind}`)}
                  </Badge>
                </span>
                <span className={styles.muted}>
                  {t('details.failureCount', { count: failure.count })}, {t('details.failureLast', { time: formatDateTime(failure.last_at, i18n.language, '') })}
                </span>
                {failure.detail ? <span className={styles.failureDetail}>{failure.detail}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <Body1 as="p" className={mergeClasses(styles.muted, styles.usageNone)}>
            {t('details.noFailures')}
          </Body1>
        )}
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="media-screens" aria-busy={status === 'loading' || status === 'updating'}>
      <Subtitle1 as="h2" block id="media-screens" className={styles.heading}>
        {t('details.screens')}
      </Subtitle1>
      {body}
    </section>
  );
}
