import { useCallback, useEffect, useState } from 'react';
import { Button, Subtitle2 } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { apiTokenListMachine } from '../../machines/profile/apiTokenList.machine.ts';
import { apiTokenRevokeMachine } from '../../machines/profile/apiTokenRevoke.machine.ts';
import type { ApiToken } from '../../services/apiTokens.service.ts';
import { AREAS } from '../../services/schemas/groups.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { formatDateTime } from '../common/dateTime.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import { useNotify } from '../common/notify.tsx';
import { ShownOnce } from '../common/ShownOnce.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useProfileStyles } from './Profile.styles.ts';

const ApiTokenDialog = lazyPart<{ onCreated: (token: { token: string }) => void; onClose: () => void }>(() =>
  import('./ApiTokenDialog.tsx').then((m) => ({ default: m.ApiTokenDialog })),
);

/** /profile's API tokens (issue 40): the user's tokens for their integrations, made, shown once, and revoked. */
export function ApiTokensSection() {
  const { t, i18n } = useTranslation(['profile', 'groups', 'common']);
  const styles = useProfileStyles();
  const notify = useNotify();
  const list = useActorRef(apiTokenListMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const tokens = useSelector(list, (s) => s.context.data ?? []);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const revoke = useConfirmDelete(apiTokenRevokeMachine, 'profile', reload, () => 'tokens.revokeError', {
    title: (name) => t('tokens.revokeTitle', { name }),
    text: () => t('tokens.revokeText'),
    confirmLabel: t('tokens.revoke'),
  });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => list.send({ type: 'fetch.load' }), [list]);

  const when = (at: string | null, fallback: string) => formatDateTime(at, i18n.language, fallback);
  const expiry = (token: ApiToken) =>
    token.expires_at && Date.parse(token.expires_at) <= Date.now() ? <span className={styles.warning}>{t('tokens.expired', { date: when(token.expires_at, '') })}</span> : when(token.expires_at, t('tokens.never'));
  const rights = (token: ApiToken) =>
    AREAS.filter((area) => token.permissions[area] !== 'none')
      .map((area) => `${t(`groups:areas.${area}`)}: ${t(`groups:levels.${token.permissions[area]}`)}`)
      .join(', ') || t('tokens.noRights');

  return (
    <section className={styles.section} aria-labelledby="profile-tokens">
      <div className={styles.heading}>
        <Subtitle2 as="h2" block id="profile-tokens">
          {t('tokens.title')}
        </Subtitle2>
        <Button icon={<AddRegular />} disabled={status !== 'complete' && status !== 'updating'} onClick={() => setCreating(true)}>
          {t('tokens.add')}
        </Button>
      </div>
      <p className={styles.note}>{t('tokens.intro')}</p>
      {shown ? (
        <ShownOnce
          value={shown}
          words={{ title: t('tokens.once.title'), body: t('tokens.once.body'), copy: t('tokens.once.copy'), copied: t('tokens.once.copied'), dismiss: t('tokens.once.dismiss') }}
          onDismiss={() => setShown(null)}
        />
      ) : null}
      {status === 'initial' || status === 'loading' ? (
        <Loading />
      ) : status === 'error' ? (
        <div role="alert" className={styles.error}>
          <span>{`${t('tokens.loadError')} ${t(`common:${errorMessageKey(error)}`)}`}</span>
          <Button onClick={reload}>{t('retry')}</Button>
        </div>
      ) : tokens.length === 0 ? (
        <p className={styles.note}>{t('tokens.empty')}</p>
      ) : (
        <ResponsiveList
          label={t('tokens.label')}
          rows={tokens}
          rowKey={(token) => token.id}
          title={{ id: 'name', header: t('tokens.fields.name'), cell: (token) => <span className={styles.name}>{token.name}</span> }}
          columns={[
            { id: 'prefix', header: t('tokens.fields.prefix'), cell: (token) => <code>{`${token.prefix}…`}</code> },
            { id: 'rights', header: t('tokens.fields.rights'), wrap: 'anywhere', cell: rights },
            { id: 'expires', header: t('tokens.fields.expires'), cell: expiry },
            { id: 'lastUsed', header: t('tokens.fields.lastUsed'), cell: (token) => when(token.last_used_at, t('tokens.notUsed')) },
          ]}
          actions={{
            header: t('tokens.fields.actions'),
            cell: (token) => (
              <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('tokens.revokeNamed', { name: token.name })} onClick={() => revoke.ask(token.id, token.name)} />
            ),
          }}
        />
      )}
      {creating ? (
        <ApiTokenDialog
          onCreated={(created) => {
            notify(t('tokens.created'), 'success');
            setShown(created.token);
            reload();
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {revoke.dialog}
    </section>
  );
}
