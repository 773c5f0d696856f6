import { Checkbox, Field, FieldContextProvider, Input, Switch } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { userCreateFormMachine, userCreateInput } from '../../machines/users/userCreateForm.machine.ts';
import { userEditFormMachine, userEditInput } from '../../machines/users/userEditForm.machine.ts';
import { userPasswordFormMachine, userPasswordInput } from '../../machines/users/userPasswordForm.machine.ts';
import { userRenameFormMachine, userRenameInput } from '../../machines/users/userRenameForm.machine.ts';
import type { Group } from '../../services/schemas/groups.ts';
import type { User } from '../../services/schemas/users.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { useUsersStyles } from './Users.styles.ts';

type Done = { onSaved: (user: User) => void; onClose: () => void };

/** The words of a refusal no field shows, and of a field's error code. */
function useMessages() {
  const { t } = useTranslation('users');
  const KNOWN_ERRORS = ['username_taken', 'weak_password', 'validation_error', 'unknown_group', 'cannot_deactivate_admin', 'forbidden', 'network_error'];
  const KNOWN_FIELDS = ['required', 'out_of_range', 'invalid_format', 'weak_password', 'taken', 'not_found', 'cannot_deactivate_admin'];
  return {
    failure: (error: string | null, fieldErrors: object) => (error && !Object.keys(fieldErrors).length ? t(`errors.${KNOWN_ERRORS.includes(error) ? error : 'generic'}`) : null),
    field: (code: string) => t(`validation.${KNOWN_FIELDS.includes(code) ? code : 'invalid'}`),
  };
}

function GroupChoice({ groups, chosen, onChange }: { groups: Group[]; chosen: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('users');
  const styles = useUsersStyles();
  if (!groups.length) return <p className={styles.message}>{t('form.noGroups')}</p>;
  return (
    <div role="group" aria-label={t('fields.groups')} className={styles.choices}>
      {/* Each checkbox is its own control: inside the Field's context all of them took its one control id, so every
          label toggled the first checkbox and was named after the field. */}
      <FieldContextProvider value={undefined}>
        {groups.map((group) => (
          <Checkbox
            key={group.id}
            label={<span className={styles.name}>{group.name}</span>}
            checked={chosen.includes(group.id)}
            onChange={(_, data) => onChange(data.checked ? [...chosen, group.id] : chosen.filter((id) => id !== group.id))}
          />
        ))}
      </FieldContextProvider>
    </div>
  );
}

export function UserCreateDialog({ groups, onSaved, onClose }: { groups: Group[] } & Done) {
  const { t } = useTranslation('users');
  const form = useFormActor(userCreateFormMachine, { input: userCreateInput, onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const messages = useMessages();
  return (
    <FormDialog form={form} title={t('form.addTitle')} failure={messages.failure(error, errors)}>
      <Field label={t('fields.username')} required {...fieldValidation(errors, 'username', messages.field)}>
        <Input value={fields.username} autoComplete="off" onChange={(_, data) => change('username', data.value)} />
      </Field>
      <Field label={t('fields.password')} required hint={t('form.passwordHint')} {...fieldValidation(errors, 'password', messages.field)}>
        <Input type="password" autoComplete="new-password" value={fields.password} onChange={(_, data) => change('password', data.value)} />
      </Field>
      <Field label={t('fields.groups')} {...fieldValidation(errors, 'groups', messages.field)}>
        <GroupChoice groups={groups} chosen={fields.groups} onChange={(ids) => change('groups', ids)} />
      </Field>
    </FormDialog>
  );
}

export function UserAccessDialog({ user, groups, onSaved, onClose }: { user: User; groups: Group[] } & Done) {
  const { t } = useTranslation('users');
  const form = useFormActor(userEditFormMachine, { input: userEditInput(user), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const messages = useMessages();
  return (
    <FormDialog form={form} title={t('form.accessTitle', { name: user.username })} failure={messages.failure(error, errors)}>
      <Field hint={t('form.activeHint')} {...fieldValidation(errors, 'is_active', messages.field)}>
        <Switch label={t('fields.active')} checked={fields.is_active} disabled={user.is_admin} onChange={(_, data) => change('is_active', data.checked)} />
      </Field>
      <Field label={t('fields.groups')} {...fieldValidation(errors, 'groups', messages.field)}>
        <GroupChoice groups={groups} chosen={fields.groups} onChange={(ids) => change('groups', ids)} />
      </Field>
    </FormDialog>
  );
}

export function UserRenameDialog({ user, onSaved, onClose }: { user: User } & Done) {
  const { t } = useTranslation('users');
  const form = useFormActor(userRenameFormMachine, { input: userRenameInput(user), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const messages = useMessages();
  return (
    <FormDialog form={form} title={t('form.renameTitle', { name: user.username })} failure={messages.failure(error, errors)}>
      <Field label={t('fields.username')} required {...fieldValidation(errors, 'username', messages.field)}>
        <Input value={fields.username} autoComplete="off" onChange={(_, data) => change('username', data.value)} />
      </Field>
    </FormDialog>
  );
}

export function UserPasswordDialog({ user, onSaved, onClose }: { user: User } & Done) {
  const { t } = useTranslation('users');
  const form = useFormActor(userPasswordFormMachine, { input: userPasswordInput(user), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const messages = useMessages();
  return (
    <FormDialog form={form} title={t('form.passwordTitle', { name: user.username })} failure={messages.failure(error, errors)}>
      <Field label={t('fields.password')} required hint={t('form.passwordHint')} {...fieldValidation(errors, 'password', messages.field)}>
        <Input type="password" autoComplete="new-password" value={fields.password} onChange={(_, data) => change('password', data.value)} />
      </Field>
    </FormDialog>
  );
}
