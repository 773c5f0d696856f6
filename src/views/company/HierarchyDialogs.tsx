import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import type { Hierarchy } from '../../services/company.service.ts';
import type { Company, Department, Office } from '../../services/schemas/company.ts';
import { useNotify } from '../common/notify.tsx';
import { CompanyFormDialog, DepartmentFormDialog, OfficeFormDialog } from './lazyDialogs.tsx';

export type OpenForm =
  | { kind: 'company'; company: Company | null }
  | { kind: 'department'; department: Department | null; company?: number }
  | { kind: 'office'; office: Office | null; company?: number };

/** Which add/edit form is open, and the dialog itself (saved: a toast and a reload). */
export function useHierarchyForms(reload: () => void) {
  const { t } = useTranslation('company');
  const notify = useNotify();
  const [open, setOpen] = useState<OpenForm | null>(null);
  const close = () => setOpen(null);

  function dialog(data: Hierarchy | null) {
    if (!open || !data) return null;
    const saved = (editing: boolean) => () => {
      notify(t(editing ? 'messages.edited' : 'messages.added'), 'success');
      reload();
    };
    if (open.kind === 'company') return <CompanyFormDialog company={open.company} onSaved={saved(!!open.company)} onClose={close} />;
    if (open.kind === 'department') {
      return (
        <DepartmentFormDialog
          department={open.department}
          company={open.company}
          companies={data.companies}
          departments={data.departments}
          onSaved={saved(!!open.department)}
          onClose={close}
        />
      );
    }
    return <OfficeFormDialog office={open.office} company={open.company} companies={data.companies} departments={data.departments} onSaved={saved(!!open.office)} onClose={close} />;
  }
  return { open: setOpen, dialog };
}
