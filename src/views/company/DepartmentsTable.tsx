import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import type { Department } from '../../services/schemas/company.ts';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useCan } from '../common/usePermission.ts';
import { useCompanyStyles } from './Company.styles.ts';

/** Departments with their company, parent and offices. */
export function DepartmentsTable({ departments, onEdit, onDelete }: { departments: Department[]; onEdit: (d: Department) => void; onDelete: (d: Department) => void }) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  const canEdit = useCan('company');
  if (departments.length === 0) return <p className={styles.message}>{t('empty.departments')}</p>;
  const names = new Map(departments.map((d) => [d.id, d.name]));
  return (
    <ResponsiveList
      label={t('sections.departments')}
      rows={departments}
      rowKey={(department) => department.id}
      title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (department) => department.name }}
      columns={[
        { id: 'company', header: t('fields.company'), wrap: 'anywhere', cell: (department) => department.company_name },
        { id: 'parent', header: t('fields.parent'), wrap: 'anywhere', wideOnly: true, cell: (department) => (department.parent ? (names.get(department.parent) ?? '') : '') },
        { id: 'offices', header: t('fields.offices'), wrap: 'nowrap', cell: (department) => t('counts.offices', { count: department.offices_count }) },
      ]}
      actions={
        canEdit
          ? {
              header: t('actions.edit'),
              cell: (department) => (
                <div className={styles.actions}>
                  <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={`${t('actions.edit')}: ${department.name}`} onClick={() => onEdit(department)} />
                  <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={`${t('actions.delete')}: ${department.name}`} onClick={() => onDelete(department)} />
                </div>
              ),
            }
          : undefined
      }
    />
  );
}
