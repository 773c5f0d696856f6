import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import type { Department } from '../../services/schemas/company.ts';
import { useCan } from '../common/usePermission.ts';
import { useCompanyStyles } from './Company.styles.ts';

interface Props {
  departments: Department[];
  label: string;
  onEdit: (department: Department) => void;
  onDelete: (department: Department) => void;
}

/** One company's departments as a nested list (role tree would need keyboard handling; nested lists read as a tree to screen readers). */
export function DepartmentTree({ departments, label, onEdit, onDelete }: Props) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  const canEdit = useCan('company');
  const ids = new Set(departments.map((d) => d.id));
  const children = (parent: number | null) => departments.filter((d) => (parent === null ? d.parent === null || !ids.has(d.parent) : d.parent === parent));

  const branch = (parent: number | null, depth: number) => {
    const rows = children(parent);
    if (!rows.length || depth > 50) return null;
    return (
      <ul className={styles.tree} aria-label={depth === 0 ? label : undefined}>
        {rows.map((department) => (
          <li key={department.id}>
            <div className={styles.treeRow}>
              <span className={styles.treeName}>{department.name}</span>
              <span className={styles.muted}>{t('counts.offices', { count: department.offices_count })}</span>
              {canEdit ? (
                <>
                  <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={`${t('actions.edit')}: ${department.name}`} onClick={() => onEdit(department)} />
                  <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={`${t('actions.delete')}: ${department.name}`} onClick={() => onDelete(department)} />
                </>
              ) : null}
            </div>
            {branch(department.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };
  return branch(null, 0) ?? <p className={styles.message}>{t('empty.companyDepartments')}</p>;
}
