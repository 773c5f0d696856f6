import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { HierarchyLoad } from './HierarchyLoad.tsx';
import { useHierarchyForms } from './HierarchyDialogs.tsx';
import { OfficesTable } from './OfficesTable.tsx';
import { useHierarchy } from './useHierarchy.ts';
import { useHierarchyActions } from './useHierarchyActions.tsx';

/** /branch-offices: every office with its devices' counts and a link to them, add, edit and delete. */
export default function BranchOfficesScreen() {
  const { t } = useTranslation(['company', 'screens']);
  usePageTitle('screens:titles.branchOffices');
  const hierarchy = useHierarchy();
  const canEdit = useCan('company');
  const actions = useHierarchyActions(hierarchy.reload);
  const forms = useHierarchyForms(hierarchy.reload);
  return (
    <section>
      <PageHeader
        title={t('screens:titles.branchOffices')}
        actions={
          canEdit ? (
            <Button appearance="primary" icon={<AddRegular />} disabled={!hierarchy.data?.companies.length} onClick={() => forms.open({ kind: 'office', office: null })}>
              {t('actions.addOffice')}
            </Button>
          ) : null
        }
      />
      <HierarchyLoad hierarchy={hierarchy}>
        {(data) => <OfficesTable offices={data.offices} onEdit={(office) => forms.open({ kind: 'office', office })} onDelete={(office) => actions.askDelete('office', office.id, office.name)} />}
      </HierarchyLoad>
      {forms.dialog(hierarchy.data)}
      {actions.confirmDialog}
    </section>
  );
}
