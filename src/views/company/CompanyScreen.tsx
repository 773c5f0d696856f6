import { useState } from 'react';
import { Button, Subtitle2 } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { selectIsAdmin } from '../../machines/session.selectors.ts';
import { SessionContext } from '../app/actors.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { CompaniesTable } from './CompaniesTable.tsx';
import { useCompanyStyles } from './Company.styles.ts';
import { CompanyInfo } from './CompanyInfo.tsx';
import { CompanySignIn } from './CompanySignIn.tsx';
import { DepartmentsTable } from './DepartmentsTable.tsx';
import { HierarchyLoad } from './HierarchyLoad.tsx';
import { useHierarchyForms } from './HierarchyDialogs.tsx';
import { OfficesTable } from './OfficesTable.tsx';
import { useHierarchy } from './useHierarchy.ts';
import { useHierarchyActions } from './useHierarchyActions.tsx';

/** /company: the tables of companies, departments and offices, their add forms, the selected company's additional info and sign-in settings. */
export default function CompanyScreen() {
  const { t } = useTranslation(['company', 'screens']);
  usePageTitle('screens:titles.company');
  const styles = useCompanyStyles();
  const hierarchy = useHierarchy();
  const canEdit = useCan('company');
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  const [version, setVersion] = useState(0);
  const reload = () => {
    hierarchy.reload();
    setVersion((v) => v + 1);
  };
  const actions = useHierarchyActions(reload);
  const forms = useHierarchyForms(reload);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const hasCompanies = !!hierarchy.data?.companies.length;

  /** `enabled` null: no add button (the user may not add these). */
  const header = (id: string, title: string, add: () => void, label: string, enabled: boolean | null) => (
    <div className={styles.sectionHeader}>
      <Subtitle2 as="h2" block id={id}>
        {title}
      </Subtitle2>
      {enabled !== null ? (
        <Button size="small" icon={<AddRegular />} disabled={!enabled} onClick={add}>
          {label}
        </Button>
      ) : null}
    </div>
  );

  return (
    <section>
      <PageHeader title={t('screens:titles.company')} />
      <HierarchyLoad hierarchy={hierarchy}>
        {(data) => {
          const selected = data.companies.find((c) => c.id === selectedId) ?? null;
          return (
            <>
              <section className={styles.section} aria-labelledby="companies-title">
                {header('companies-title', t('sections.companies'), () => forms.open({ kind: 'company', company: null }), t('actions.addCompany'), isAdmin ? true : null)}
                <CompaniesTable
                  companies={data.companies}
                  disabled={actions.busy}
                  onSelect={(company) => setSelectedId(company.id)}
                  onEdit={(company) => forms.open({ kind: 'company', company })}
                  onToggleActive={actions.toggleActive}
                  onToggleVideo={actions.toggleVideo}
                  onDelete={(company) => actions.askDelete('company', company.id, company.name)}
                />
                {selected ? (
                  <>
                    <CompanyInfo company={selected} version={version} />
                    <CompanySignIn company={selected} canEdit={canEdit} busy={actions.busy} onToggle={(setting, on) => actions.toggleTwoFactor(selected, setting, on)} />
                  </>
                ) : data.companies.length ? <p className={styles.message}>{t('info.choose')}</p> : null}
              </section>
              <section className={styles.section} aria-labelledby="departments-title">
                {header(
                  'departments-title',
                  t('sections.departments'),
                  () => forms.open({ kind: 'department', department: null, company: selected?.id }),
                  t('actions.addDepartment'),
                  canEdit ? hasCompanies : null,
                )}
                <DepartmentsTable
                  departments={data.departments}
                  onEdit={(department) => forms.open({ kind: 'department', department })}
                  onDelete={(department) => actions.askDelete('department', department.id, department.name)}
                />
              </section>
              <section className={styles.section} aria-labelledby="offices-title">
                {header('offices-title', t('sections.offices'), () => forms.open({ kind: 'office', office: null, company: selected?.id }), t('actions.addOffice'), canEdit ? hasCompanies : null)}
                <OfficesTable offices={data.offices} onEdit={(office) => forms.open({ kind: 'office', office })} onDelete={(office) => actions.askDelete('office', office.id, office.name)} />
              </section>
            </>
          );
        }}
      </HierarchyLoad>
      {forms.dialog(hierarchy.data)}
      {actions.confirmDialog}
    </section>
  );
}
