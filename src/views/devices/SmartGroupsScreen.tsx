import { useCallback, useEffect, useState } from 'react';
import { Body1, Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { smartGroupDeleteMachine } from '../../machines/devices/smartGroupDelete.machine.ts';
import { smartGroupListMachine } from '../../machines/devices/smartGroupList.machine.ts';
import type { SmartGroup } from '../../services/smartGroups.service.ts';
import type { SmartGroupRule } from '../../services/schemas/smartGroups.ts';
import { useCan } from '../common/usePermission.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import { useNotify } from '../common/notify.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import type { TFunction } from '../../i18n.ts';
import { useDevicesStyles } from './Devices.styles.ts';

const SmartGroupDialog = lazyPart<{ group?: SmartGroup; onSaved: (group: SmartGroup) => void; onClose: () => void }>(() =>
  import('./SmartGroupDialog.tsx').then((m) => ({ default: m.SmartGroupDialog })),
);

/** The rule in words: "Tags any of: lobby · Type: Web player". */
function ruleWords(t: TFunction, rule: SmartGroupRule): string {
  const parts: string[] = [];
  for (const field of ['tags_any', 'tags_all', 'tags_none'] as const) if (rule[field]?.length) parts.push(`${t(`smartGroups.fields.${field}`)}: ${rule[field]!.join(', ')}`);
  if (rule.device_type) parts.push(`${t('smartGroups.fields.device_type')}: ${t(`types.${rule.device_type}`)}`);
  if (rule.position) parts.push(`${t('smartGroups.fields.position')}: ${t(`position.${rule.position}`)}`);
  if (rule.status) parts.push(`${t('smartGroups.fields.status')}: ${t(`status.${rule.status}`)}`);
  if (rule.version) parts.push(`${rule.version.compare === 'eq' ? t('smartGroups.versionEq') : t('smartGroups.versionOlder')} ${rule.version.value}`);
  if (rule.name_pattern) parts.push(`${t('smartGroups.fields.name_pattern')}: ${rule.name_pattern}`);
  if (rule.serial_pattern) parts.push(`${t('smartGroups.fields.serial_pattern')}: ${rule.serial_pattern}`);
  return parts.join(' · ') || t('smartGroups.everyDevice');
}

/** /smart-groups: saved rules over the fleet (issue 41), their members now, add, edit with a live preview, delete. */
export default function SmartGroupsScreen() {
  const { t, i18n } = useTranslation(['devices', 'screens', 'common']);
  usePageTitle('screens:titles.smartGroups');
  const styles = useDevicesStyles();
  const notify = useNotify();
  const canEdit = useCan('devices', 'edit');
  const list = useActorRef(smartGroupListMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const groups = useSelector(list, (s) => s.context.data ?? []);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  useEffect(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(smartGroupDeleteMachine, 'devices', reload, (reason) => (reason === 'smart_group_in_campaign' ? 'smartGroups.errors.smart_group_in_campaign' : 'smartGroups.deleteError'), {
    title: (name) => t('smartGroups.deleteTitle', { name }),
    text: () => t('smartGroups.deleteText'),
  });
  const [editing, setEditing] = useState<SmartGroup | 'new' | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.smartGroups')}
        actions={
          canEdit ? (
            <Button icon={<AddRegular />} appearance="primary" onClick={() => setEditing('new')}>
              {t('smartGroups.add')}
            </Button>
          ) : null
        }
      />
      <Body1 as="p" block>{t('smartGroups.intro')}</Body1>
      {status === 'initial' || status === 'loading' ? (
        <Loading />
      ) : status === 'error' ? (
        <div role="alert" className={styles.statisticsError}>
          <span>{`${t('smartGroups.loadError')}: ${t(`common:${errorMessageKey(error)}`)}`}</span>
          <Button onClick={reload}>{t('statistics.retry')}</Button>
        </div>
      ) : groups.length === 0 ? (
        <Body1 as="p" block>{t('smartGroups.empty')}</Body1>
      ) : (
        <ResponsiveList
          label={t('smartGroups.label')}
          rows={groups}
          rowKey={(group) => group.id}
          title={{ id: 'name', header: t('smartGroups.fields.name'), cell: (group) => group.name, wrap: 'anywhere' }}
          columns={[
            { id: 'company', header: t('fields.company'), cell: (group) => group.company_name, wrap: 'anywhere', wideOnly: true },
            { id: 'rule', header: t('smartGroups.rule'), cell: (group) => ruleWords(t, group.rule as SmartGroupRule), wrap: 'anywhere' },
            { id: 'members', header: t('smartGroups.members'), cell: (group) => t('smartGroups.devicesCount', { count: group.members, formatted: number.format(group.members) }), wrap: 'nowrap' },
            { id: 'campaigns', header: t('smartGroups.campaigns'), cell: (group) => number.format(group.campaigns), wrap: 'nowrap', wideOnly: true },
          ]}
          actions={
            canEdit
              ? {
                  header: t('smartGroups.actions'),
                  cell: (group) => (
                    <div className={styles.actions}>
                      <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('smartGroups.editNamed', { name: group.name })} onClick={() => setEditing(group)} />
                      <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('smartGroups.deleteNamed', { name: group.name })} onClick={() => remove.ask(group.id, group.name)} />
                    </div>
                  ),
                }
              : undefined
          }
        />
      )}
      {editing ? (
        <SmartGroupDialog
          group={editing === 'new' ? undefined : editing}
          onSaved={() => {
            notify(t('smartGroups.saved'), 'success');
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {remove.dialog}
    </section>
  );
}
