import { Button } from '@fluentui/react-components';
import { ClockRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import type { Office } from '../../services/schemas/company.ts';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useCan } from '../common/usePermission.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { useCompanyStyles } from './Company.styles.ts';

/** Branch offices with their company, department, address, device counts and a link to their devices. */
export function OfficesTable({ offices, onEdit, onDelete, onPower }: { offices: Office[]; onEdit: (office: Office) => void; onDelete: (office: Office) => void; onPower?: (office: Office) => void }) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  const canEdit = useCan('company');
  if (offices.length === 0) return <p className={styles.message}>{t('empty.offices')}</p>;
  return (
    <ResponsiveList
      label={t('sections.offices')}
      rows={offices}
      rowKey={(office) => office.id}
      title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (office) => office.name }}
      columns={[
        { id: 'company', header: t('fields.company'), wrap: 'anywhere', cell: (office) => office.company_name },
        { id: 'department', header: t('fields.department'), wrap: 'anywhere', wideOnly: true, cell: (office) => office.department_name ?? '' },
        { id: 'address', header: t('fields.address'), wrap: 'anywhere', wideOnly: true, cell: (office) => office.address },
        { id: 'timezone', header: t('fields.timezone'), wrap: 'nowrap', wideOnly: true, cell: (office) => office.timezone },
        {
          id: 'devices',
          header: t('fields.devices'),
          cell: (office) => {
            const total = office.devices.online + office.devices.offline + office.devices.disabled;
            const text = t('counts.devices', { count: total });
            return (
              <RouterLink to={`/devices?office=${office.id}`} aria-label={`${text}, ${t('actions.showDevices')}: ${office.name}`}>
                {text}
              </RouterLink>
            );
          },
        },
      ]}
      actions={
        canEdit
          ? {
              header: t('actions.edit'),
              cell: (office) => (
                <div className={styles.actions}>
                  <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={`${t('actions.edit')}: ${office.name}`} onClick={() => onEdit(office)} />
                  {onPower ? <Button appearance="subtle" size="small" icon={<ClockRegular />} aria-label={t('power.actionOf', { name: office.name })} onClick={() => onPower(office)} /> : null}
                  <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={`${t('actions.delete')}: ${office.name}`} onClick={() => onDelete(office)} />
                </div>
              ),
            }
          : undefined
      }
    />
  );
}
