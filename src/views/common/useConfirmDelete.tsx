import { useMemo, useRef, type ReactElement } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDeleteMachine, DeleteOutcome } from '../../machines/confirmDelete.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { useNotify } from './notify.tsx';

/**
 * A delete-with-confirmation machine (src/machines/confirmDelete.ts) run for a list screen: its messages from the
 * namespace `ns` (`messages.removeSuccess`, `messages.removeError`; a refusal as `refusalKey(reason)`), `deleted`
 * reloading the list. Answers `ask(id, name)` for a row's delete button and the confirmation dialog to render.
 *
 * ```tsx
 * const remove = useConfirmDelete(playlistDeleteMachine, 'playlists', reload, (reason) => `errors.${reason}`);
 * <Button onClick={() => remove.ask(playlist.id, playlist.name)} />  {remove.dialog}
 * ```
 */
export function useConfirmDelete(machine: ConfirmDeleteMachine, ns: string, deleted: () => void, refusalKey: (reason: string) => string): { ask: (id: number, name: string) => void; dialog: ReactElement } {
  const { i18n } = useTranslation();
  const notify = useNotify();
  // The actor keeps the logic it started with: the callbacks are read through a ref, so the latest ones run.
  const callbacks = useRef({ deleted, refusalKey });
  callbacks.current = { deleted, refusalKey };
  const logic = useMemo(
    () =>
      machine.provide({
        actions: {
          notify: (_, { key, intent }) => notify(i18n.t(`${ns}:${key}`), intent),
          notifyRefusal: (_, { outcome }: { outcome: DeleteOutcome }) => notify(i18n.t(`${ns}:${outcome.ok ? 'messages.removeError' : callbacks.current.refusalKey(outcome.reason)}`), 'error'),
          deleted: () => callbacks.current.deleted(),
        },
      }),
    [machine, ns, notify, i18n],
  );
  const remover = useActorRef(logic);
  const confirming = useSelector(remover, (s) => s.matches('confirming') || s.matches('deleting'));
  const deleting = useSelector(remover, (s) => s.hasTag('busy'));
  return {
    ask: (id, name) => remover.send({ type: 'delete.ask', id, name }),
    dialog: (
      <ConfirmDeleteDialog
        open={confirming}
        busy={deleting}
        onConfirm={() => remover.send({ type: 'delete.confirm' })}
        onCancel={() => remover.send({ type: 'delete.cancel' })}
      />
    ),
  };
}
