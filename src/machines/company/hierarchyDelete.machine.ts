import { deleteHierarchyEntry, type HierarchyEntity } from '../../services/company.service.ts';
import { createConfirmDeleteMachine, deleteOutcomeOf } from '../confirmDelete.ts';

const removeOf = (entity: HierarchyEntity) => async (id: number) => deleteOutcomeOf(await deleteHierarchyEntry(entity, id));

// The hierarchy screens (/organizations, /structure, /branch-offices, a company's page) reload after every delete,
// refused or failed ones too: the server's answer may come from a record someone else changed meanwhile.

/** Delete a company after the confirmation: its departments and offices go with it; refused while it has devices. */
export const companyDeleteMachine = createConfirmDeleteMachine('companyDelete', removeOf('company'), { reloadAfterFailure: true });

/** Delete a department after the confirmation: its offices stay, outside any department; refused while it has sub-departments. */
export const departmentDeleteMachine = createConfirmDeleteMachine('departmentDelete', removeOf('department'), { reloadAfterFailure: true });

/** Delete an office after the confirmation; refused while devices stand in it. */
export const officeDeleteMachine = createConfirmDeleteMachine('officeDelete', removeOf('office'), { reloadAfterFailure: true });
