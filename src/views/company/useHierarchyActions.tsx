import { useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { companySwitchMachine } from '../../machines/company/companySwitch.machine.ts';
import { companyDeleteMachine, departmentDeleteMachine, officeDeleteMachine } from '../../machines/company/hierarchyDelete.machine.ts';
import type { HierarchyEntity } from '../../services/company.service.ts';
import type { Company } from '../../services/schemas/company.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useNotify } from '../common/notify.tsx';
import { companyErrorKey } from './format.ts';

// companyErrorKey answers a namespaced key ('company:errors.x'); the delete hook puts the namespace itself.
const refusalKey = (reason: string) => companyErrorKey(reason).replace(/^company:/, '');

/**
 * The hierarchy's one-click writes on their machines: activate / deactivate a company and switch its video upload
 * (src/machines/company/companySwitch.machine.ts), delete a company, department or office after the spec's
 * confirmation (hierarchyDelete.machine.ts). Each says how it went and reloads the hierarchy, refused or not.
 */
export function useHierarchyActions(reload: () => void) {
  const { i18n } = useTranslation();
  const notify = useNotify();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const switchLogic = useMemo(
    () =>
      companySwitchMachine.provide({
        actions: {
          notify: (_, { key, intent }) => notify(i18n.t(`company:${key}`), intent),
          notifyRefusal: (_, { code }) => notify(i18n.t(companyErrorKey(code)), 'error'),
          reload: () => reloadRef.current(),
        },
      }),
    [notify, i18n],
  );
  const switcher = useActorRef(switchLogic);
  const switching = useSelector(switcher, (s) => s.hasTag('busy'));
  const reloadAll = () => reloadRef.current();
  const deletes = {
    company: useConfirmDelete(companyDeleteMachine, 'company', reloadAll, refusalKey, { reload: reloadAll }),
    department: useConfirmDelete(departmentDeleteMachine, 'company', reloadAll, refusalKey, { reload: reloadAll }),
    office: useConfirmDelete(officeDeleteMachine, 'company', reloadAll, refusalKey, { reload: reloadAll }),
  };

  const toggleActive = (company: Company) => switcher.send({ type: 'switch.request', id: company.id, setting: 'active', on: !company.is_active });
  const toggleVideo = (company: Company) => switcher.send({ type: 'switch.request', id: company.id, setting: 'video', on: !company.video_upload_active });
  const toggleTwoFactor = (company: Company, setting: 'twoFactor' | 'twoFactorSso', on: boolean) => switcher.send({ type: 'switch.request', id: company.id, setting, on });
  const askDelete = (entity: HierarchyEntity, id: number, name: string) => deletes[entity].ask(id, name);
  const busy = switching || deletes.company.busy || deletes.department.busy || deletes.office.busy;
  const confirmDialog = (
    <>
      {deletes.company.dialog}
      {deletes.department.dialog}
      {deletes.office.dialog}
    </>
  );
  return { toggleActive, toggleVideo, toggleTwoFactor, askDelete, busy, confirmDialog };
}
