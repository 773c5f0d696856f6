import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { directoryFieldErrors, directoryMachine, EMPTY_FIELDS } from './directory.machine.ts';
import { selectFieldErrors, selectForm, selectQueries } from './directory.selectors.ts';
import type { DirectoryQuery } from '../services/schemas/directory.ts';

const query = (patch: Partial<DirectoryQuery> = {}): DirectoryQuery => ({
  id: 1,
  name: 'Full HD',
  value: '1920 x 1080 @ fps=30 @ x264',
  type: 'video',
  device: 'tvpi',
  screen: 'horizontal',
  active: true,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...patch,
});

function start(save = vi.fn(async () => ({ ok: true as const, query: query({ id: 2, name: '4K' }) })), toggle = vi.fn(async ({ input }: { input: { id: number; active: boolean } }) => ({ ok: true as const, query: query({ active: input.active }) }))) {
  const notify = vi.fn();
  const logic = directoryMachine.provide({
    actors: {
      loadQueries: fromPromise<any, any>(async () => ({ count: 1, next: null, previous: null, results: [query()] })),
      saveQuery: fromPromise<any, any>(save),
      toggleQuery: fromPromise<any, any>(toggle),
    },
    actions: { notify: (_, params) => notify(params) },
  });
  return { actor: createActor(logic).start(), save, toggle, notify };
}

describe('directory machine', () => {
  it('checks the value format before sending', async () => {
    const { actor, save } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'directory.add' });
    actor.send({ type: 'directory.change', field: 'name', value: '4K' });
    actor.send({ type: 'directory.change', field: 'value', value: '3840x2160' });
    actor.send({ type: 'directory.save' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ value: 'invalid_format' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'directory.change', field: 'value', value: '3840 x 2160 @ fps=25 @ hevc' });
    actor.send({ type: 'directory.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectQueries(actor.getSnapshot()).map((q) => q.name)).toEqual(['Full HD', '4K']);
    expect(selectForm(actor.getSnapshot())).toBeNull();
  });

  it('shows the server refusal on its field and keeps the form open', async () => {
    const save = vi.fn(async () => ({ ok: false as const, reason: 'query_name_taken' as const, fields: { name: 'taken' } }));
    const { actor } = start(save as never);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'directory.edit', id: 1 });
    actor.send({ type: 'directory.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }) && Object.keys(s.context.fieldErrors).length > 0);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ name: 'taken' });
    expect(actor.getSnapshot().context.error).toBe('query_name_taken');
  });

  it('deactivates an active query', async () => {
    const { actor, toggle } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'directory.toggle', id: 1 });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(toggle.mock.calls[0]![0].input).toEqual({ id: 1, active: false });
    expect(selectQueries(actor.getSnapshot())[0]!.active).toBe(false);
  });

  it('names the fields of an empty form', () => {
    expect(directoryFieldErrors(EMPTY_FIELDS)).toEqual({ name: 'required', value: 'invalid_format' });
  });
});
