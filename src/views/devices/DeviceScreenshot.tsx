import { Button, Spinner } from '@fluentui/react-components';
import { ScreenshotRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { Loading } from '../common/Loading.tsx';
import { useCan } from '../common/usePermission.ts';
import { useDeviceScreenshotStyles } from './DeviceScreenshot.styles.ts';
import { formatDateTime } from './format.ts';
import { deviceScreenshotLogic } from './cardLogic.ts';
import { useDevicePhoto } from './useDevicePhoto.ts';

/** Request failures the card says in words; anything else is "could not ask". */
const KNOWN_ERRORS = ['device_disabled', 'forbidden', 'network_error'];

/** The device card's screenshot (issue 25): the latest one with its time; "Take screenshot" asks the screen and waits. */
export function DeviceScreenshot({ deviceId, name }: { deviceId: number; name: string }) {
  const { t, i18n } = useTranslation('devices');
  const styles = useDeviceScreenshotStyles();
  const canEdit = useCan('devices');
  const shots = useActorRef(deviceScreenshotLogic, { input: { device: deviceId } });
  const latest = useSelector(shots, (s) => s.context.shots[0] ?? null);
  const error = useSelector(shots, (s) => s.context.error);
  const loading = useSelector(shots, (s) => s.hasTag('loading'));
  const failed = useSelector(shots, (s) => s.matches('failed'));
  const waiting = useSelector(shots, (s) => s.hasTag('busy'));
  const unanswered = useSelector(shots, (s) => s.matches('unanswered'));
  const canTake = useSelector(shots, (s) => s.can({ type: 'screenshot.take' }));
  const imageUrl = useDevicePhoto(latest?.link ?? null);
  const takenAt = latest ? formatDateTime(latest.taken_at, i18n.language, '') : '';

  return (
    <section className={styles.section} aria-labelledby={`device-screenshot-${deviceId}`} aria-busy={loading || waiting}>
      <div className={styles.header}>
        <h3 id={`device-screenshot-${deviceId}`} className={styles.heading}>
          {t('screenshot.title')}
        </h3>
        {canEdit ? (
          <Button size="small" icon={waiting ? <Spinner size="tiny" /> : <ScreenshotRegular />} disabled={!canTake} onClick={() => shots.send({ type: 'screenshot.take' })}>
            {t('screenshot.take')}
          </Button>
        ) : null}
      </div>
      {waiting ? (
        <p role="status" className={styles.waiting}>
          {t('screenshot.waiting')}
        </p>
      ) : null}
      {unanswered ? (
        <p role="alert" className={styles.problem}>
          {t('screenshot.unanswered')}
        </p>
      ) : null}
      {error && !failed ? (
        <p role="alert" className={styles.problem}>
          {t(`screenshot.errors.${KNOWN_ERRORS.includes(error) ? error : 'other'}`)}
        </p>
      ) : null}
      {loading ? <Loading /> : null}
      {failed ? (
        <p role="alert" className={styles.problem}>
          {t('screenshot.loadError')}
          <Button size="small" onClick={() => shots.send({ type: 'screenshot.retry' })}>
            {t('screenshot.retry')}
          </Button>
        </p>
      ) : null}
      {!loading && !failed && !latest ? <p className={styles.muted}>{t('screenshot.none')}</p> : null}
      {latest ? (
        <figure className={styles.figure}>
          {imageUrl ? <img src={imageUrl} alt={t('screenshot.alt', { name, time: takenAt })} className={styles.image} /> : <div className={styles.image} />}
          <figcaption className={styles.caption}>
            {latest.requested_by ? t('screenshot.takenBy', { time: takenAt, user: latest.requested_by }) : t('screenshot.taken', { time: takenAt })}
          </figcaption>
        </figure>
      ) : null}
    </section>
  );
}
