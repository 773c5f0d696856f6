// Helpers for the company catalogues' pages (docs/qa): who may use the screens and what a field's error reads.
import { fieldMessageKey } from '../../../src/views/company/format.ts';
import { text } from '../qa/screen.ts';

/** Only the administrator adds companies (/organizations shows "Add company" to it alone). */
export const ADMIN_ONLY = 'admin (only the administrator adds companies)';

/** Departments and offices: a user whose groups give Company "Edit" (the admin has every right). */
export const COMPANY_EDITOR = 'admin (or a user whose group gives Company "Edit")';

/** Each field error as the dialog shows it: in red under the field, the company namespace's message of its code. */
export const FORM_ERRORS = (errors: Record<string, string>): string[] =>
  Object.entries(errors).map(([field, code]) => `under ${text(`company:fields.${field}`)}, in red: ${text(fieldMessageKey(code))}`);
