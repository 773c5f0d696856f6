import { Button, Subtitle2 } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { useCompanyStyles } from './Company.styles.ts';
import { DepartmentTree } from './DepartmentTree.tsx';
import { HierarchyLoad } from './HierarchyLoad.tsx';
import { useHierarchyForms } from './HierarchyDialogs.tsx';
import { useHierarchy } from './useHierarchy.ts';
import { useHierarchyActions } from './useHierarchyActions.tsx';

/** /structure: each company's departments as a tree, with add, edit and delete. */
export default function StructureScreen() {
  const { t } = useTranslation(['company', 'screens']);
  usePageTitle('screens:titles.structure');
  const styles = useCompanyStyles();
  const hierarchy = useHierarchy();
  const canEdit = useCan('company');
  const actions = useHierarchyActions(hierarchy.reload);
  const forms = useHierarchyForms(hierarchy.reload);
  return (
    <section>
      <PageHeader title={t('screens:titles.structure')} />
      <HierarchyLoad hierarchy={hierarchy}>
        {(data) =>
          data.companies.length === 0 ? (
            <p className={styles.message}>{t('empty.companies')}</p>
          ) : (
            data.companies.map((company) => (
              <section key={company.id} className={styles.section} aria-labelledby={`structure-${company.id}`}>
                <div className={styles.sectionHeader}>
                  <Subtitle2 as="h2" block id={`structure-${company.id}`} className={styles.name}>
                    {company.name}
                  </Subtitle2>
                  {canEdit ? (
                    <Button size="small" icon={<AddRegular />} onClick={() => forms.open({ kind: 'department', department: null, company: company.id })}>
                      {t('actions.addDepartment')}
                    </Button>
                  ) : null}
                </div>
                <DepartmentTree
                  label={t('tree.label', { name: company.name })}
                  departments={data.departments.filter((d) => d.company === company.id)}
                  onEdit={(department) => forms.open({ kind: 'department', department })}
                  onDelete={(department) => actions.askDelete('department', department.id, department.name)}
                />
              </section>
            ))
          )
        }
      </HierarchyLoad>
      {forms.dialog(hierarchy.data)}
      {actions.confirmDialog}
    </section>
  );
}
