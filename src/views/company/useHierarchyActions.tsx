import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteHierarchyEntry, setCompanyActive, setCompanyVideoUpload, type HierarchyEntity } from '../../services/company.service.ts';
import type { Company } from '../../services/schemas/company.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { useNotify } from '../common/notify.tsx';
import { companyErrorKey } from './format.ts';

/**
 * The hierarchy's one-click writes: activate / deactivate a company, switch its video upload, delete a company,
 * department or office after the spec's confirmation. Each says how it went and reloads the hierarchy.
 */
export function useHierarchyActions(reload: () => void) {
  const { t } = useTranslation('company');
  const notify = useNotify();
  const [pending, setPending] = useState<{ entity: HierarchyEntity; id: number } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(write: () => Promise<WriteOutcome<T>>, success: string, failure: string) {
    setBusy(true);
    try {
      const outcome = await write();
      notify(t(outcome.ok ? success : companyErrorKey(outcome.code)), outcome.ok ? 'success' : 'error');
    } catch {
      notify(t(failure), 'error');
    } finally {
      setBusy(false);
      reload();
    }
  }

  const toggleActive = (company: Company) =>
    run(() => setCompanyActive(company.id, !company.is_active), company.is_active ? 'messages.companyDeactivated' : 'messages.companyActivated', 'messages.updateError');
  const toggleVideo = (company: Company) =>
    run(
      () => setCompanyVideoUpload(company.id, !company.video_upload_active),
      company.video_upload_active ? 'messages.videoDeactivated' : 'messages.videoActivated',
      'messages.updateError',
    );
  const askDelete = (entity: HierarchyEntity, id: number) => setPending({ entity, id });

  const confirmDialog = (
    <ConfirmDeleteDialog
      open={pending !== null}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const target = pending;
        if (!target) return;
        void run(() => deleteHierarchyEntry(target.entity, target.id), 'messages.removed', 'messages.removeError').then(() => setPending(null));
      }}
    />
  );
  return { toggleActive, toggleVideo, askDelete, busy, confirmDialog };
}
