import { useCallback, useEffect, useState } from 'react';
import { Button, Subtitle2 } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { oidcMappingDeleteMachine } from '../../machines/groups/oidcMappingDelete.machine.ts';
import { oidcMappingListMachine } from '../../machines/groups/oidcMappingList.machine.ts';
import type { OidcGroupMapping } from '../../services/oidc.service.ts';
import type { Group } from '../../services/schemas/groups.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import { useNotify } from '../common/notify.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { ListStates } from '../users/ListStates.tsx';
import { useUsersStyles } from '../users/Users.styles.ts';

const OidcMappingDialog = lazyPart<{ groups: readonly Group[]; onSaved: (mapping: OidcGroupMapping) => void; onClose: () => void }>(() =>
  import('./OidcMappingDialog.tsx').then((m) => ({ default: m.OidcMappingDialog })),
);

/**
 * /groups' single sign-on mappings (issue 40): which provider group gives which Vitrine group. Shown to the administrator
 * whether or not single sign-on is configured (saying which): the table can be ready before the provider is switched on,
 * so the first sign-ins already find their groups.
 */
export function OidcMappingsSection({ groups }: { groups: readonly Group[] }) {
  const { t } = useTranslation(['groups', 'common']);
  const styles = useUsersStyles();
  const notify = useNotify();
  const list = useActorRef(oidcMappingListMachine);
  const status = useSelector(list, selectFetchStatus);
  const error = useSelector(list, selectError);
  const mappings = useSelector(list, (s) => s.context.data?.mappings ?? []);
  const sso = useSelector(list, (s) => s.context.data?.sso ?? null);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(oidcMappingDeleteMachine, 'groups', reload, () => 'sso.removeError', {
    title: (name) => t('sso.removeTitle', { name }),
    text: () => t('sso.removeText'),
    confirmLabel: t('sso.remove'),
  });
  const [adding, setAdding] = useState(false);
  useEffect(() => list.send({ type: 'fetch.load' }), [list]);

  return (
    <section className={styles.section} aria-labelledby="groups-sso">
      <div className={styles.heading}>
        <Subtitle2 as="h2" block id="groups-sso">
          {t('sso.title')}
        </Subtitle2>
        <Button icon={<AddRegular />} disabled={(status !== 'complete' && status !== 'updating') || groups.length === 0} onClick={() => setAdding(true)}>
          {t('sso.add')}
        </Button>
      </div>
      <p className={styles.note}>{t('sso.intro')}</p>
      {sso ? <p className={styles.note}>{sso.enabled ? t('sso.on', { name: sso.name ?? '' }) : t('sso.off')}</p> : null}
      <ListStates ns="groups" status={status} error={error} empty={mappings.length === 0} onRetry={reload} loadErrorKey="sso.loadError" emptyKey="sso.empty">
        <ResponsiveList
          label={t('sso.label')}
          rows={mappings}
          rowKey={(mapping) => mapping.id}
          title={{ id: 'provider', header: t('sso.fields.provider_group'), wrap: 'anywhere', cell: (mapping) => <code>{mapping.provider_group}</code> }}
          columns={[{ id: 'group', header: t('sso.fields.group'), wrap: 'anywhere', cell: (mapping) => mapping.group_name }]}
          actions={{
            header: t('sso.fields.actions'),
            cell: (mapping) => (
              <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('sso.removeNamed', { name: mapping.provider_group })} onClick={() => remove.ask(mapping.id, mapping.provider_group)} />
            ),
          }}
        />
      </ListStates>
      {adding ? (
        <OidcMappingDialog
          groups={groups}
          onSaved={() => {
            notify(t('sso.added'), 'success');
            reload();
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {remove.dialog}
    </section>
  );
}
