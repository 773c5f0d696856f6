import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n.ts';
import type { schedulerMachine } from '../../machines/scheduler/scheduler.machine.ts';
import { useWarningText } from '../common/PreflightDialog.tsx';
import { useSchedulerStyles } from './Scheduler.styles.ts';

/**
 * After a publish, what some screens cannot play in plain words (issue 24): `3 screens cannot play "Promo.mp4" yet:
 * converting it`, or `... cannot play "X": no format they decode`.
 */
export function PublishWarnings({ scheduler }: { scheduler: ActorRefFrom<typeof schedulerMachine> }) {
  const { t } = useTranslation('scheduler');
  const styles = useSchedulerStyles();
  const warningText = useWarningText();
  const warnings = useSelector(scheduler, (s) => s.context.warnings);
  const shown = useSelector(scheduler, (s) => s.matches({ ready: 'published' }));
  if (!shown || warnings.length === 0) return null;
  return (
    <MessageBar intent="warning" layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>{t('messages.publishedWithWarnings')}</MessageBarTitle>
        <ul className={styles.warnings}>
          {warnings.map((warning) => (
            <li key={`${warning.media}:${warning.reason}`}>{warningText(warning)}</li>
          ))}
        </ul>
      </MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" aria-label={t('publish.dismissWarnings')} icon={<DismissRegular />} onClick={() => scheduler.send({ type: 'warnings.dismiss' })} />}
      />
    </MessageBar>
  );
}
