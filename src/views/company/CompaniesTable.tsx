import { Badge, Button } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { Company } from '../../services/schemas/company.ts';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { RowMenu } from '../common/RowMenu.tsx';
import { useCan } from '../common/usePermission.ts';
import { selectIsAdmin } from '../../machines/session.selectors.ts';
import { SessionContext } from '../app/actors.ts';
import { useCompanyStyles } from './Company.styles.ts';

interface Props {
  companies: Company[];
  onEdit: (company: Company) => void;
  onToggleActive: (company: Company) => void;
  onToggleVideo: (company: Company) => void;
  onDelete: (company: Company) => void;
  /** The company page's "additional info": the row's name selects it. */
  onSelect?: (company: Company) => void;
  disabled?: boolean;
}

/** Companies with their state, video upload and counts; each row's actions in one menu. */
export function CompaniesTable({ companies, onEdit, onToggleActive, onToggleVideo, onDelete, onSelect, disabled }: Props) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  const canEdit = useCan('company');
  // Creating and deleting companies is the administrator's (the server answers 403 to anyone else).
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  if (companies.length === 0) return <p className={styles.message}>{t('empty.companies')}</p>;
  return (
    <ResponsiveList
      label={t('sections.companies')}
      rows={companies}
      rowKey={(company) => company.id}
      title={{
        id: 'name',
        header: t('fields.name'),
        wrap: 'anywhere',
        cell: (company) =>
          onSelect ? (
            <Button appearance="transparent" className={styles.name} onClick={() => onSelect(company)} aria-label={`${t('actions.details')}: ${company.name}`}>
              {company.name}
            </Button>
          ) : (
            <span className={styles.name}>{company.name}</span>
          ),
      }}
      columns={[
        {
          id: 'state',
          header: t('fields.state'),
          cell: (company) => (
            <span className={styles.state}>
              <Badge appearance="tint" color={company.is_active ? 'success' : 'danger'}>
                {t(company.is_active ? 'states.active' : 'states.deactivated')}
              </Badge>
              <Badge appearance="outline" color={company.video_upload_active ? 'brand' : 'informative'}>
                {t(company.video_upload_active ? 'states.videoOn' : 'states.videoOff')}
              </Badge>
            </span>
          ),
        },
        { id: 'inn', header: t('fields.inn'), wrap: 'nowrap', wideOnly: true, cell: (company) => company.inn },
        { id: 'city', header: t('fields.city'), wideOnly: true, cell: (company) => company.city },
        { id: 'offices', header: t('fields.offices'), wrap: 'nowrap', cell: (company) => t('counts.offices', { count: company.offices_count }) },
        { id: 'devices', header: t('fields.devices'), wrap: 'nowrap', cell: (company) => t('counts.devices', { count: company.devices_count }) },
      ]}
      actions={
        canEdit
          ? {
              header: t('actions.edit'),
              cell: (company) => (
                <RowMenu
                  label={t('actions.actionsOf', { name: company.name })}
                  disabled={disabled}
                  items={[
                    { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(company) },
                    { key: 'active', label: t(company.is_active ? 'actions.deactivate' : 'actions.activate'), onClick: () => onToggleActive(company) },
                    { key: 'video', label: t(company.video_upload_active ? 'actions.videoOff' : 'actions.videoOn'), onClick: () => onToggleVideo(company) },
                    ...(isAdmin ? [{ key: 'delete', label: t('actions.delete'), onClick: () => onDelete(company) }] : []),
                  ]}
                />
              ),
            }
          : undefined
      }
    />
  );
}
