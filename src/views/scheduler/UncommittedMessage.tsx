import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { schedulerMachine } from '../../machines/scheduler/scheduler.machine.ts';
import { RouterLink } from '../common/RouterLink.tsx';

/** "Uncommited playlists found!" with a link to each playlist to commit (its page leads back here). */
export function UncommittedMessage({ scheduler, returnTo }: { scheduler: ActorRefFrom<typeof schedulerMachine>; returnTo: string }) {
  const { t } = useTranslation('scheduler');
  const playlists = useSelector(scheduler, (s) => s.context.uncommitted);
  const shown = useSelector(scheduler, (s) => s.matches({ ready: 'uncommitted' }));
  if (!shown) return null;
  return (
    <MessageBar intent="warning" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t('messages.uncommitted')}</MessageBarTitle> {t('publish.commitFirst', { count: playlists.length })}{' '}
        {playlists.map((playlist, index) => (
          <span key={playlist.id}>
            {index ? ', ' : ''}
            <RouterLink to={`/playlists/${playlist.id}?from=${encodeURIComponent(returnTo)}`}>{playlist.name}</RouterLink>
          </span>
        ))}
      </MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" aria-label={t('publish.dismiss')} icon={<DismissRegular />} onClick={() => scheduler.send({ type: 'publish.dismiss' })} />}
      />
    </MessageBar>
  );
}
