import { useCallback, useEffect, useState } from 'react';
import { Badge, Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, KeyRegular, PeopleRegular, RenameRegular, ShieldDismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { groupListMachine } from '../../machines/groups/groupList.machine.ts';
import { userDeleteMachine } from '../../machines/users/userDelete.machine.ts';
import { userListMachine } from '../../machines/users/userList.machine.ts';
import { twoFactorResetMachine } from '../../machines/users/twoFactorReset.machine.ts';
import type { User } from '../../services/schemas/users.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { ListStates } from './ListStates.tsx';
import { UserAccessDialog, UserCreateDialog, UserPasswordDialog, UserRenameDialog } from './lazyDialogs.tsx';
import { useUsersStyles } from './Users.styles.ts';
import { formatDay } from '../common/dateTime.ts';

const refusalKey = (reason: string) => `errors.${reason}`;

type Dialog = { kind: 'add' } | { kind: 'access' | 'rename' | 'password'; user: User };

/** Users (administrator only): list, add (username, password, groups), access (active, groups), rename, password, reset of two-factor codes, delete. */
export default function UsersScreen() {
  const { t, i18n } = useTranslation(['users', 'common', 'screens']);
  usePageTitle('screens:titles.users');
  const styles = useUsersStyles();
  const notify = useNotify();
  const list = useActorRef(userListMachine);
  const groupsList = useActorRef(groupListMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const users = useSelector(list, (s) => s.context.data?.results ?? []);
  const groups = useSelector(groupsList, (s) => s.context.data?.groups ?? []);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(userDeleteMachine, 'users', reload, refusalKey);
  const resetTwoFactor = useConfirmDelete(twoFactorResetMachine, 'users', reload, () => 'messages.twoFactorResetError', {
    title: (name) => t('twoFactor.resetTitle', { name }),
    text: () => t('twoFactor.resetText'),
    confirmLabel: t('twoFactor.reset'),
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  useEffect(() => {
    list.send({ type: 'fetch.load', params: { page: 1 } });
    groupsList.send({ type: 'fetch.load' });
  }, [list, groupsList]);

  const groupNames = (user: User) => (user.groups ?? []).map((id) => groups.find((group) => group.id === id)?.name ?? `#${id}`).join(', ');
  const saved = (key: string) => () => {
    notify(t(key), 'success');
    reload();
  };
  const actions = (user: User) => (
    <div className={styles.actions}>
      <Button appearance="subtle" size="small" icon={<PeopleRegular />} aria-label={t('actions.accessNamed', { name: user.username })} onClick={() => setDialog({ kind: 'access', user })} />
      <Button appearance="subtle" size="small" icon={<RenameRegular />} aria-label={t('actions.renameNamed', { name: user.username })} onClick={() => setDialog({ kind: 'rename', user })} />
      <Button appearance="subtle" size="small" icon={<KeyRegular />} aria-label={t('actions.passwordNamed', { name: user.username })} onClick={() => setDialog({ kind: 'password', user })} />
      {user.two_factor ? (
        <Button appearance="subtle" size="small" icon={<ShieldDismissRegular />} aria-label={t('twoFactor.resetNamed', { name: user.username })} onClick={() => resetTwoFactor.ask(user.id, user.username)} />
      ) : null}
      {user.is_admin ? null : (
        <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('actions.deleteNamed', { name: user.username })} onClick={() => remove.ask(user.id, user.username)} />
      )}
    </div>
  );

  return (
    <section>
      <PageHeader
        title={t('screens:titles.users')}
        actions={
          <Button appearance="primary" icon={<AddRegular />} disabled={status !== 'complete' && status !== 'updating'} onClick={() => setDialog({ kind: 'add' })}>
            {t('actions.add')}
          </Button>
        }
      />
      <ListStates ns="users" status={status} error={error} empty={users.length === 0} onRetry={reload}>
        <ResponsiveList
          label={t('list.label')}
          rows={users}
          rowKey={(user) => user.id}
          title={{ id: 'username', header: t('fields.username'), wrap: 'anywhere', cell: (user) => user.username }}
          columns={[
            {
              id: 'status',
              header: t('fields.status'),
              wrap: 'nowrap',
              cell: (user) => (
                <Badge appearance="tint" color={user.is_active ? 'success' : 'danger'}>
                  {t(user.is_admin ? 'status.admin' : user.is_active ? 'status.active' : 'status.inactive')}
                </Badge>
              ),
            },
            { id: 'groups', header: t('fields.groups'), wrap: 'anywhere', cell: (user) => groupNames(user) || t('list.groups', { count: 0 }) },
            { id: 'joined', header: t('fields.joined'), wideOnly: true, wrap: 'nowrap', cell: (user) => formatDay(user.date_joined, i18n.language, '') },
          ]}
          actions={{ header: t('fields.actions'), cell: actions }}
        />
      </ListStates>
      {dialog?.kind === 'add' ? <UserCreateDialog groups={groups} onSaved={saved('messages.added')} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'access' ? <UserAccessDialog user={dialog.user} groups={groups} onSaved={saved('messages.saved')} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'rename' ? <UserRenameDialog user={dialog.user} onSaved={saved('messages.saved')} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'password' ? <UserPasswordDialog user={dialog.user} onSaved={saved('messages.saved')} onClose={() => setDialog(null)} /> : null}
      {remove.dialog}
      {resetTwoFactor.dialog}
    </section>
  );
}
