import { useEffect, type ReactNode } from 'react';
import { Badge, Button } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { devicePlaybackMachine } from '../../machines/devices/devicePlayback.machine.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { DevicePlayback as Playback } from '../../services/playback.service.ts';
import { Loading } from '../common/Loading.tsx';
import { DevicePlaybackErrors, DeviceNowPlaying } from './DevicePlaybackReports.tsx';
import { useDevicePlaybackStyles } from './DevicePlayback.styles.ts';
import { useDeviceCardStyles } from './Devices.styles.ts';

/** The device card's playback section (issue 24): what the device can play, what it plays now, the files it had to skip. */
export function DevicePlayback({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devices');
  const styles = useDevicePlaybackStyles();
  const fetch = useActorRef(devicePlaybackMachine);
  useEffect(() => fetch.send({ type: 'fetch.load', params: deviceId }), [fetch, deviceId]);
  const status = useSelector(fetch, selectFetchStatus);
  const error = useSelector(fetch, selectError);
  const data = useSelector(fetch, (s) => s.context.data);
  const reload = () => fetch.send({ type: 'fetch.load', params: deviceId });

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <div role="alert" className={styles.error}>
        {t('playback.loadError')} {error === 'forbidden' || error === 'network_error' ? `(${t(`playback.failure.${error}`)})` : null}
        <Button size="small" onClick={reload}>
          {t('playback.retry')}
        </Button>
      </div>
    );
  } else if (!data) {
    body = <Loading />;
  } else {
    body = (
      <>
        <DeviceCapabilities capabilities={data.capabilities} />
        <DeviceNowPlaying nowPlaying={data.now_playing} />
        <DevicePlaybackErrors errors={data.errors} />
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={`device-playback-${deviceId}`} aria-busy={status === 'loading' || status === 'updating'}>
      <div className={styles.header}>
        <h3 id={`device-playback-${deviceId}`} className={styles.heading}>
          {t('playback.title')}
        </h3>
        <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} disabled={status === 'loading' || status === 'updating'} onClick={reload}>
          {t('playback.refresh')}
        </Button>
      </div>
      {body}
    </section>
  );
}

/** Codecs, image formats, largest video and screen, declared by the player or its device type's defaults. */
function DeviceCapabilities({ capabilities }: { capabilities: Playback['capabilities'] }) {
  const { t } = useTranslation('devices');
  const card = useDeviceCardStyles();
  const styles = useDevicePlaybackStyles();
  const names = (kind: 'codec' | 'image', values: string[]) => (values.length ? values.map((value) => t(`playback.${kind}.${value}`, { defaultValue: value.toUpperCase() })).join(', ') : t('playback.none'));
  const { screen } = capabilities;
  const rows: [string, ReactNode][] = [
    ['source', <Badge key="source" className={styles.sourceBadge} appearance="tint" color={capabilities.source === 'declared' ? 'brand' : 'informative'}>{t(`playback.source.${capabilities.source}`)}</Badge>],
    ['codecs', names('codec', capabilities.codecs)],
    ['images', names('image', capabilities.images)],
    ['maxVideo', t('playback.size', capabilities.max_video)],
    ['screen', screen ? t('playback.screenSize', { width: screen.width, height: screen.height, orientation: t(`playback.orientation.${screen.orientation}`, { defaultValue: screen.orientation }) }) : t('playback.screenUnknown')],
  ];
  return (
    <dl className={card.fields} aria-label={t('playback.capabilities')}>
      {rows.map(([field, value]) => (
        <div key={field} className={card.row}>
          <dt className={card.term}>{t(`playback.fields.${field}`)}</dt>
          <dd className={card.value} data-field={`playback-${field}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
