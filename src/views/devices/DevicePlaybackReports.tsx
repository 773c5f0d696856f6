import { Badge } from '@fluentui/react-components';
import type { TFunction } from '../../i18n.ts';
import { useTranslation } from '../../i18n.ts';
import type { DevicePlayback } from '../../services/playback.service.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { useDevicePlaybackStyles } from './DevicePlayback.styles.ts';
import { formatDateTime } from './format.ts';
import { useDevicePhoto } from './useDevicePhoto.ts';

/** The file the device downloads for what it plays, in words (issue 35): as uploaded, a Directory format, a fallback render. */
function renditionText(rendition: NonNullable<NonNullable<DevicePlayback['now_playing']>['rendition']>, t: TFunction): string {
  if (rendition.kind === 'render') return t('playback.rendition.render', { name: rendition.name ?? '' });
  if (rendition.kind === 'fallback') return t('playback.rendition.fallback', { size: (rendition.size ?? '').replace('x', ' × ') });
  return t('playback.rendition.source');
}

/** What the player reported playing within the last 10 minutes: the file's preview, name and since when. */
export function DeviceNowPlaying({ nowPlaying }: { nowPlaying: DevicePlayback['now_playing'] }) {
  const { t, i18n } = useTranslation('devices');
  const styles = useDevicePlaybackStyles();
  const preview = useDevicePhoto(nowPlaying?.preview ?? null);
  const name = nowPlaying && nowPlaying.media !== null ? nowPlaying.name ?? t('playback.deletedFile', { id: nowPlaying.media }) : '';
  return (
    <div>
      <h4 className={styles.subheading}>{t('playback.nowPlaying')}</h4>
      {nowPlaying?.layout ? <PlayingLayout layout={nowPlaying.layout} zones={nowPlaying.zones ?? []} /> : null}
      {nowPlaying ? (
        <div className={styles.nowPlaying} data-testid="device-now-playing">
          {preview ? <img className={styles.thumb} src={preview} alt={t('playback.previewAlt', { name })} /> : null}
          <div className={styles.nowText}>
            {/* A layout of widgets alone (issue 38) plays no file: the layout above says what shows. */}
            {nowPlaying.media === null ? null : nowPlaying.name ? <RouterLink to={`/media/${nowPlaying.media}`}>{name}</RouterLink> : <span>{name}</span>}
            <span className={styles.muted}>{t('playback.since', { time: formatDateTime(nowPlaying.started_at, i18n.language, '') })}</span>
            <span className={styles.muted} data-field="playback-as-of">
              {t('playback.asOf', { time: formatDateTime(nowPlaying.reported_at, i18n.language, '') })}
            </span>
            {nowPlaying.rendition ? (
              <span className={styles.muted} data-field="playback-rendition">
                {renditionText(nowPlaying.rendition, t)}
              </span>
            ) : null}
          </div>
        </div>
      ) : (
        <p className={styles.muted}>{t('playback.nothingPlaying')}</p>
      )}
    </div>
  );
}

type NowPlaying = NonNullable<DevicePlayback['now_playing']>;

/** A layout item (issue 36): the layout and version drawn, then each zone's file and the rendition it plays. */
function PlayingLayout({ layout, zones }: { layout: NonNullable<NowPlaying['layout']>; zones: NonNullable<NowPlaying['zones']> }) {
  const { t, i18n } = useTranslation('devices');
  const styles = useDevicePlaybackStyles();
  const name = layout.name ?? t('playback.layout.deleted', { id: layout.id });
  const version = t('playback.layout.version', { version: layout.version.toLocaleString(i18n.language) });
  return (
    <div className={styles.layout} data-testid="device-now-playing-layout">
      <span>
        {layout.name ? <RouterLink to={`/layouts/${layout.id}`}>{name}</RouterLink> : name} <span className={styles.muted}>{version}</span>
      </span>
      <ul className={styles.zones} aria-label={t('playback.layout.zones', { name })}>
        {zones.map((zone) => {
          const zoneName = zone.name ?? t('playback.layout.zone', { id: zone.id });
          const file = zone.media === null ? null : zone.media_name ?? t('playback.deletedFile', { id: zone.media });
          return (
            <li key={zone.id} className={styles.zone} data-zone={zone.id}>
              <span className={styles.zoneName}>{zoneName}</span>
              {zone.media === null && zone.widget ? (
                <span data-field="playback-zone-widget">{t('playback.layout.widget', { kind: t(`playback.layout.widgets.${zone.widget}`, { defaultValue: zone.widget }) })}</span>
              ) : zone.media === null ? (
                <span className={styles.muted}>{t('playback.layout.noFile')}</span>
              ) : zone.media_name ? (
                <RouterLink to={`/media/${zone.media}`}>{file}</RouterLink>
              ) : (
                <span>{file}</span>
              )}
              {zone.media !== null || zone.widget ? <span className={styles.muted}>{t('playback.since', { time: formatDateTime(zone.started_at, i18n.language, '') })}</span> : null}
              {zone.rendition ? (
                <span className={styles.muted} data-field="playback-zone-rendition">
                  {renditionText(zone.rendition, t)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The latest files the player had to skip: which file, why in words, how often, when last, and the player's words. */
export function DevicePlaybackErrors({ errors }: { errors: DevicePlayback['errors'] }) {
  const { t, i18n } = useTranslation('devices');
  const styles = useDevicePlaybackStyles();
  return (
    <div>
      <h4 className={styles.subheading}>{t('playback.errors')}</h4>
      {errors.length ? (
        <ul className={styles.errors} aria-label={t('playback.errors')}>
          {errors.map((error) => (
            <li key={`${error.media}:${error.kind}`} className={styles.errorItem}>
              <div className={styles.errorLine}>
                {error.name ? <RouterLink to={`/media/${error.media}`}>{error.name}</RouterLink> : <span>{t('playback.deletedFile', { id: error.media })}</span>}
                <Badge appearance="tint" color="danger">
                  {t(`playback.kind.${error.kind}`)}
                </Badge>
              </div>
              <span className={styles.muted}>
                {t('playback.count', { count: error.count })}, {t('playback.lastAt', { time: formatDateTime(error.last_at, i18n.language, '') })}
              </span>
              {error.detail ? <span className={styles.detail}>{error.detail}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('playback.noErrors')}</p>
      )}
    </div>
  );
}
