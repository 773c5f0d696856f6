import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { HierarchyLoad } from './HierarchyLoad.tsx';
import { OfficePowerDialog } from './lazyDialogs.tsx';
import type { Office } from '../../services/schemas/company.ts';
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
  // Which office's screen hours are open (issue 41).
  const [power, setPower] = useState<Office | null>(null);
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
        {(data) => <OfficesTable offices={data.offices} onEdit={(office) => forms.open({ kind: 'office', office })} onDelete={(office) => actions.askDelete('office', office.id, office.name)} onPower={setPower} />}
      </HierarchyLoad>
      {forms.dialog(hierarchy.data)}
      {power ? <OfficePowerDialog office={power} onClose={() => setPower(null)} /> : null}
      {actions.confirmDialog}
    </section>
  );
}
