import { useMemo, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, mergeClasses, Spinner } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { useTranslation } from '../../i18n.ts';
import type { FieldErrors, FormActor, FormFields, FormInput, FormMachine } from '../../machines/form/form.machine.ts';
import { useFormDialogStyles } from './FormDialog.styles.ts';
import { Dialog } from './Dialog.tsx';

/**
 * Starts a form machine (see `createFormMachine`) for a dialog. `onSaved` gets the server's answer; `onClose` follows
 * both a save and a cancel (the dialog is done).
 * The callbacks may change between renders; the machine is created once.
 */
export function useFormActor<F extends FormFields, T>(
  machine: FormMachine<F, T>,
  options: { input: FormInput<F>; onSaved: (value: T) => void; onClose: () => void },
): FormActor<F, T> {
  const callbacks = useRef(options);
  callbacks.current = options;
  const logic = useMemo(
    () =>
      machine.provide({
        actions: { saved: (_, params) => {
          callbacks.current.onSaved(params.value);
          callbacks.current.onClose();
        },
         closed: () => callbacks.current.onClose() },
      }),
    [machine],
  );
  return useActorRef(logic, { input: options.input }) as unknown as FormActor<F, T>;
}

/** What a form's fields need from its machine: the values, the errors and a change function. */
export function useFormState<F extends FormFields>(form: FormActor<F, any>) {
  const fields = useSelector(form, (s) => s.context.fields);
  const errors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const change = <K extends keyof F & string>(field: K, value: F[K]) => form.send({ type: 'form.change', field, value });
  return { fields, errors, error, busy, change };
}

/** Props for a Fluent `Field`: error state and the translated message of the field's error code. */
export function fieldValidation(errors: FieldErrors, field: string, message: (code: string) => string) {
  const code = errors[field];
  return code ? { validationState: 'error' as const, validationMessage: message(code) } : { validationState: 'none' as const };
}

/**
 * Fields that belong together, side by side when the dialog is wide enough and one under another on a phone, each
 * at its own height (see FormDialog.styles.ts). `compact`: short controls (dates, times) that fit four to a line.
 */
export function FormRow({ compact = false, className, children, ...rest }: HTMLAttributes<HTMLDivElement> & { compact?: boolean }) {
  const styles = useFormDialogStyles();
  return (
    <div {...rest} className={mergeClasses(styles.row, compact && styles.rowCompact, className)}>
      {children}
    </div>
  );
}

export interface FormDialogProps {
  /** Any form actor made by `createFormMachine` (typed loosely: the dialog only saves, cancels and reads busy). */
  form: AnyActorRef;
  title: string;
  /** The translated message of a refusal that no field shows (null: none). */
  failure: string | null;
  children: ReactNode;
  /** Submit button label; defaults to "Save". */
  submitLabel?: string;
}

/**
 * The one form dialog (STYLE.md "Forms"): a modal with a title, the fields, a failure line (role alert) and Cancel / Save.
 * Enter submits; Escape and Cancel close unless the form is saving.
 */
export function FormDialog({ form, title, failure, children, submitLabel }: FormDialogProps) {
  const { t } = useTranslation('common');
  const styles = useFormDialogStyles();
  const busy = useSelector(form, (s: SnapshotFrom<FormActor>) => s.hasTag('busy'));
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !busy && form.send({ type: 'form.cancel' })}>
      <DialogSurface className={styles.surface}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.send({ type: 'form.save' });
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>
              {children}
              {failure ? (
                <p role="alert" className={styles.failure}>
                  {failure}
                </p>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => form.send({ type: 'form.cancel' })} disabled={busy}>
                {t('actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {submitLabel ?? t('actions.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
