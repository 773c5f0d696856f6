import { useMemo, useRef, type ReactElement } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ConfirmDeleteMachine, DeleteOutcome } from '../../machines/confirmDelete.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { useNotify } from './notify.tsx';

/**
 * A delete-with-confirmation machine (src/machines/confirmDelete.ts) run for a list screen: its messages from the
 * namespace `ns` (`messages.removeSuccess`, `messages.removeError`; a refusal as `refusalKey(reason)`), `deleted`
 * reloading the list (with the deleted record's id). Answers `ask(id, name)` for a row's delete button, the
 * confirmation dialog to render and `busy` while the delete runs. Options: the dialog's `title` for the record's
 * name, its `text` and `confirmLabel` (a reset rather than a delete), and `reload` for a machine that reloads after a
 * refused or failed delete too (`reloadAfterFailure`).
 *
 * ```tsx
 * const remove = useConfirmDelete(playlistDeleteMachine, 'playlists', reload, (reason) => `errors.${reason}`);
 * <Button onClick={() => remove.ask(playlist.id, playlist.name)} />  {remove.dialog}
 * ```
 */
export function useConfirmDelete(
  machine: ConfirmDeleteMachine,
  ns: string,
  deleted: (id: number) => void,
  refusalKey: (reason: string) => string,
  options: { title?: (name: string) => string; text?: (name: string) => string; confirmLabel?: string; reload?: () => void } = {},
): { ask: (id: number, name: string) => void; dialog: ReactElement; busy: boolean } {
  const { i18n } = useTranslation();
  const notify = useNotify();
  // The actor keeps the logic it started with: the callbacks are read through a ref, so the latest ones run.
  const callbacks = useRef({ deleted, refusalKey, reload: options.reload });
  callbacks.current = { deleted, refusalKey, reload: options.reload };
  // The record asked about: the machine forgets it as it settles, `deleted` still says which one went.
  const asked = useRef(0);
  const logic = useMemo(
    () =>
      machine.provide({
        actions: {
          notify: (_, { key, intent }) => notify(i18n.t(`${ns}:${key}`), intent),
          notifyRefusal: (_, { outcome }: { outcome: DeleteOutcome }) => notify(i18n.t(`${ns}:${outcome.ok ? 'messages.removeError' : callbacks.current.refusalKey(outcome.reason)}`), 'error'),
          deleted: () => callbacks.current.deleted(asked.current),
          reload: () => callbacks.current.reload?.(),
        },
      }),
    [machine, ns, notify, i18n],
  );
  const remover = useActorRef(logic);
  const confirming = useSelector(remover, (s) => s.matches('confirming') || s.matches('deleting'));
  const deleting = useSelector(remover, (s) => s.hasTag('busy'));
  const name = useSelector(remover, (s) => s.context.target?.name ?? null);
  return {
    ask: (id, askedName) => {
      if (remover.getSnapshot().matches('idle')) asked.current = id;
      remover.send({ type: 'delete.ask', id, name: askedName });
    },
    busy: deleting,
    dialog: (
      <ConfirmDeleteDialog
        open={confirming}
        busy={deleting}
        title={options.title && name !== null ? options.title(name) : undefined}
        text={options.text && name !== null ? options.text(name) : undefined}
        confirmLabel={options.confirmLabel}
        onConfirm={() => remover.send({ type: 'delete.confirm' })}
        onCancel={() => remover.send({ type: 'delete.cancel' })}
      />
    ),
  };
}
