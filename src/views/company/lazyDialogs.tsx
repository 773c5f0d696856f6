import type { ComponentProps } from 'react';
import { lazyPart } from '../common/lazyPart.tsx';
import type * as CompanyForm from './CompanyFormDialog.tsx';
import type * as DepartmentForm from './DepartmentFormDialog.tsx';
import type * as OfficeForm from './OfficeFormDialog.tsx';
import type * as OfficePower from './OfficePowerDialog.tsx';

/*
 * The add/edit forms of /company, /organizations, /branch-offices and /structure, each a chunk of its own loaded when it
 * first opens (issue 37): with them, Fluent's dialog and focus manager were on those screens' first load. Same names and
 * props as the dialogs themselves.
 */

export const CompanyFormDialog = lazyPart<ComponentProps<typeof CompanyForm.CompanyFormDialog>>(() =>
  import('./CompanyFormDialog.tsx').then((m) => ({ default: m.CompanyFormDialog })),
);

export const DepartmentFormDialog = lazyPart<ComponentProps<typeof DepartmentForm.DepartmentFormDialog>>(() =>
  import('./DepartmentFormDialog.tsx').then((m) => ({ default: m.DepartmentFormDialog })),
);

export const OfficeFormDialog = lazyPart<ComponentProps<typeof OfficeForm.OfficeFormDialog>>(() =>
  import('./OfficeFormDialog.tsx').then((m) => ({ default: m.OfficeFormDialog })),
);

/** An office's screen hours (issue 41): the editor's chunk loads when it first opens. */
export const OfficePowerDialog = lazyPart<ComponentProps<typeof OfficePower.OfficePowerDialog>>(() =>
  import('./OfficePowerDialog.tsx').then((m) => ({ default: m.OfficePowerDialog })),
);
