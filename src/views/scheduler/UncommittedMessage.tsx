import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n.ts';
import type { schedulerMachine } from '../../machines/scheduler/scheduler.machine.ts';
import type { UncommittedContent } from '../../services/scheduler.ts';
import { RouterLink } from '../common/RouterLink.tsx';

/** Where each kind is committed (its page leads back with `from`), and the sentence before its links. */
const KINDS = [
  { kind: 'playlist', page: (id: number, from: string) => `/playlists/${id}?from=${encodeURIComponent(from)}`, sentence: 'publish.commitFirst' },
  { kind: 'layout', page: (id: number, from: string) => `/layouts/${id}?from=${encodeURIComponent(from)}`, sentence: 'publish.commitLayoutsFirst' },
] as const;

/** "Uncommited playlists found!" (or layouts, issue 36) with a link to each playlist and layout to commit. */
export function UncommittedMessage({ scheduler, returnTo }: { scheduler: ActorRefFrom<typeof schedulerMachine>; returnTo: string }) {
  const { t } = useTranslation('scheduler');
  const uncommitted = useSelector(scheduler, (s) => s.context.uncommitted);
  const shown = useSelector(scheduler, (s) => s.matches({ ready: 'uncommitted' }));
  if (!shown) return null;
  const ofKind = (kind: UncommittedContent['kind']) => uncommitted.filter((content) => content.kind === kind);
  return (
    <MessageBar intent="warning" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t(ofKind('playlist').length ? 'messages.uncommitted' : 'messages.uncommittedLayouts')}</MessageBarTitle>
        {KINDS.map(({ kind, page, sentence }) => {
          const contents = ofKind(kind);
          if (!contents.length) return null;
          return (
            <span key={kind}>
              {' '}
              {t(sentence, { count: contents.length })}{' '}
              {contents.map((content, index) => (
                <span key={content.id}>
                  {index ? ', ' : ''}
                  <RouterLink to={page(content.id, returnTo)}>{content.name}</RouterLink>
                </span>
              ))}
            </span>
          );
        })}
      </MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" aria-label={t('publish.dismiss')} icon={<DismissRegular />} onClick={() => scheduler.send({ type: 'publish.dismiss' })} />}
      />
    </MessageBar>
  );
}
