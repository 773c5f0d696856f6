import { useEffect } from 'react';
import { Body1, Button, Subtitle1 } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { deviceGroupsMachine } from '../../machines/playlists/playlistList.machine.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { useEditorStyles } from './PlaylistEditor.styles.ts';
import { formatDateTime } from '../common/dateTime.ts';

/** "Information about broadcasts": the campaigns that play this playlist, their events (dates) and device counts. */
export function Broadcasts({ playlistId }: { playlistId: number }) {
  const { t, i18n } = useTranslation('playlists');
  const styles = useEditorStyles();
  const groups = useActorRef(deviceGroupsMachine);
  const status = useSelector(groups, (s) => s.value);
  const page = useSelector(groups, (s) => s.context.data);
  useEffect(() => groups.send({ type: 'fetch.load', params: { playlistId } }), [groups, playlistId]);
  const date = (iso: string) => formatDateTime(iso, i18n.language, '');

  return (
    <section className={styles.section} aria-labelledby="broadcasts-title">
      <Subtitle1 as="h2" block id="broadcasts-title">
        {t('broadcasts.title')}
      </Subtitle1>
      {status === 'error' ? (
        <p role="alert" className={styles.error}>
          {t('broadcasts.loadError')}
          <Button onClick={() => groups.send({ type: 'fetch.load' })}>{t('actions.retry')}</Button>
        </p>
      ) : null}
      {status === 'complete' && page && page.results.length === 0 ? <Body1 className={styles.muted}>{t('broadcasts.none')}</Body1> : null}
      {page && page.results.length > 0 ? (
        <ul className={styles.groups}>
          {page.results.map((group) => (
            <li key={group.campaign.id}>
              <RouterLink to={`/campaigns/${group.campaign.id}/scheduler`}>{group.campaign.name}</RouterLink>
              {` · ${t('broadcasts.devices', { count: group.devices_count })}`}
              <ul>
                {group.events.map((event) => (
                  <li key={event.id}>{`${event.title}: ${date(event.start)} – ${date(event.end)}`}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
