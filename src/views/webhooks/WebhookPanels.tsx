import { Fragment } from 'react';
import { Button } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import type { webhookDeliveriesMachine } from '../../machines/webhooks/webhookDeliveries.machine.ts';
import type { webhookTestMachine } from '../../machines/webhooks/webhookTest.machine.ts';
import { Loading } from '../common/Loading.tsx';
import { formatDateTime } from '../common/dateTime.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useWebhooksStyles } from './Webhooks.styles.ts';

const ERRORS = ['timeout', 'connection_refused', 'private_address'];

/** The locale key of an event name (`device.offline` -> `device_offline`: a dot would nest). */
export const eventKey = (event: string) => event.replace('.', '_');

/** The answer of the last test delivery: sending, the receiver's status and body, or why nothing arrived. */
export function TestAnswer({ actor, url }: { actor: ActorRefFrom<typeof webhookTestMachine>; url: string }) {
  const { t } = useTranslation('webhooks');
  const styles = useWebhooksStyles();
  const status = useSelector(actor, (s) => s.context.data);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('error'));
  // Why our server did not send it (403, offline...): the app's own words for the code, never a saving error.
  const refusal = useSelector(actor, (s) => s.context.error);
  const reason = (error: string | null) => t(`errors.${error && ERRORS.includes(error) ? error : 'generic'}`);
  return (
    <section className={styles.panel} aria-label={t('test.title')} aria-live="polite">
      <strong className={styles.url}>
        <UrlText url={url} />
      </strong>
      {loading ? (
        <span>{t('test.sending')}</span>
      ) : failed ? (
        <span className={styles.warning}>{t('test.notSent', { reason: t(`common:${errorMessageKey(refusal)}`) })}</span>
      ) : status ? (
        <>
          <span className={status.delivered ? undefined : styles.warning}>
            {status.status === null ? t('test.failed', { error: reason(status.error) }) : t(status.delivered ? 'test.delivered' : 'test.refused', { status: status.status })}
          </span>
          <span className={styles.muted}>{t('test.answer')}</span>
          <pre className={styles.answer}>{status.answer || t('test.noAnswer')}</pre>
        </>
      ) : null}
    </section>
  );
}

/** An endpoint's latest deliveries, each with its attempts (time and answer status). */
export function Attempts({ actor, url, onClose }: { actor: ActorRefFrom<typeof webhookDeliveriesMachine>; url: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('webhooks');
  const styles = useWebhooksStyles();
  const deliveries = useSelector(actor, (s) => s.context.data ?? []);
  const status = useSelector(actor, (s) => s.value as string);
  const time = (at: string) => formatDateTime(at, i18n.language, '');
  return (
    <section className={styles.panel} aria-label={t('attempts.title')}>
      <strong>{t('attempts.title')}</strong>
      <span className={styles.url}>
        <UrlText url={url} />
      </span>
      {status === 'loading' || status === 'initial' ? (
        <Loading />
      ) : status === 'error' ? (
        <span className={styles.warning}>{t('attempts.loadError')}</span>
      ) : deliveries.length === 0 ? (
        <span className={styles.muted}>{t('attempts.empty')}</span>
      ) : (
        <ul className={styles.list}>
          {deliveries.map((delivery) => (
            <li key={delivery.id}>
              <span>
                {t(`events.${eventKey(delivery.event)}`)} · {t(`states.${delivery.state}`)} · {t('attempts.count', { count: delivery.attempts.length })}
              </span>
              <ul className={styles.list}>
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at} className={styles.muted}>
                    {t('attempts.attempt', {
                      at: time(attempt.at),
                      result: attempt.status === null ? t('attempts.noStatus', { error: t(`errors.${attempt.error && ERRORS.includes(attempt.error) ? attempt.error : 'generic'}`) }) : String(attempt.status),
                    })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button size="small" onClick={onClose}>
          {t('actions.closeAttempts')}
        </Button>
      </div>
    </section>
  );
}

/** A URL with line-break chances after each slash and before each dot, ?, &, # and =, so it wraps between its parts. */
export function UrlText({ url }: { url: string }) {
  const parts = url.split(/(?<=\/)(?!\/)|(?=[.?&#=])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
