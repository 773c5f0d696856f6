import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { selectIsAdmin } from '../../machines/session.selectors.ts';
import { SessionContext } from '../app/actors.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { CompaniesTable } from './CompaniesTable.tsx';
import { HierarchyLoad } from './HierarchyLoad.tsx';
import { useHierarchyForms } from './HierarchyDialogs.tsx';
import { useHierarchy } from './useHierarchy.ts';
import { useHierarchyActions } from './useHierarchyActions.tsx';

/** /organizations: the companies, with add, edit, activate / deactivate, video upload and delete. */
export default function OrganizationsScreen() {
  const { t } = useTranslation(['company', 'screens']);
  usePageTitle('screens:titles.organizations');
  const hierarchy = useHierarchy();
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  const actions = useHierarchyActions(hierarchy.reload);
  const forms = useHierarchyForms(hierarchy.reload);
  return (
    <section>
      <PageHeader
        title={t('screens:titles.organizations')}
        actions={
          isAdmin ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => forms.open({ kind: 'company', company: null })}>
              {t('actions.addCompany')}
            </Button>
          ) : null
        }
      />
      <HierarchyLoad hierarchy={hierarchy}>
        {(data) => (
          <CompaniesTable
            companies={data.companies}
            disabled={actions.busy}
            onEdit={(company) => forms.open({ kind: 'company', company })}
            onToggleActive={actions.toggleActive}
            onToggleVideo={actions.toggleVideo}
            onDelete={(company) => actions.askDelete('company', company.id, company.name)}
          />
        )}
      </HierarchyLoad>
      {forms.dialog(hierarchy.data)}
      {actions.confirmDialog}
    </section>
  );
}
