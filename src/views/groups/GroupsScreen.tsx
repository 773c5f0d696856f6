import { useCallback, useEffect, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { groupDeleteMachine } from '../../machines/groups/groupDelete.machine.ts';
import { groupListMachine } from '../../machines/groups/groupList.machine.ts';
import { AREAS, type Group } from '../../services/schemas/groups.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { ListStates } from '../users/ListStates.tsx';
import { useUsersStyles } from '../users/Users.styles.ts';
import { GroupFormDialog } from './GroupFormDialog.tsx';
import { OidcMappingsSection } from './OidcMappingsSection.tsx';

/** A group's delete is refused only as a whole (no reason of its own to say). */
const refusalKey = () => 'messages.removeError';

/** Groups (administrator only): the companies their members see and a permission per area; add, edit, delete; the single sign-on mappings. */
export default function GroupsScreen() {
  const { t } = useTranslation(['groups', 'common', 'screens']);
  usePageTitle('screens:titles.groups');
  const styles = useUsersStyles();
  const notify = useNotify();
  const list = useActorRef(groupListMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const groups = useSelector(list, (s) => s.context.data?.groups ?? []);
  const companies = useSelector(list, (s) => s.context.data?.companies ?? []);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(groupDeleteMachine, 'groups', reload, refusalKey);
  const [form, setForm] = useState<{ group: Group | null } | null>(null);

  useEffect(() => list.send({ type: 'fetch.load' }), [list]);

  const companyNames = (group: Group) => group.companies.map((id) => companies.find((company) => company.id === id)?.name ?? `#${id}`).join(', ');
  const rights = (group: Group) =>
    AREAS.filter((area) => group.permissions[area] !== 'none')
      .map((area) => t('list.rights', { area: t(`areas.${area}`), level: t(`levels.${group.permissions[area]}`) }))
      .join(', ') || t('levels.none');
  const actions = (group: Group) => (
    <div className={styles.actions}>
      <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('actions.editNamed', { name: group.name })} onClick={() => setForm({ group })} />
      <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('actions.deleteNamed', { name: group.name })} onClick={() => remove.ask(group.id, group.name)} />
    </div>
  );

  return (
    <section>
      <PageHeader
        title={t('screens:titles.groups')}
        actions={
          <Button appearance="primary" icon={<AddRegular />} disabled={status !== 'complete' && status !== 'updating'} onClick={() => setForm({ group: null })}>
            {t('actions.add')}
          </Button>
        }
      />
      <ListStates ns="groups" status={status} error={error} empty={groups.length === 0} onRetry={reload}>
        <ResponsiveList
          label={t('list.label')}
          rows={groups}
          rowKey={(group) => group.id}
          title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (group) => group.name }}
          columns={[
            { id: 'companies', header: t('fields.companies'), wrap: 'anywhere', cell: (group) => companyNames(group) || t('list.companies', { count: 0 }) },
            { id: 'permissions', header: t('fields.permissions'), wrap: 'anywhere', cell: (group) => <span className={styles.rights}>{rights(group)}</span> },
          ]}
          actions={{ header: t('fields.actions'), cell: actions }}
        />
      </ListStates>
      {form ? (
        <GroupFormDialog
          group={form.group}
          companies={companies}
          onSaved={() => {
            notify(t(form.group ? 'messages.saved' : 'messages.added'), 'success');
            reload();
          }}
          onClose={() => setForm(null)}
        />
      ) : null}
      {remove.dialog}
      <OidcMappingsSection groups={groups} />
    </section>
  );
}
