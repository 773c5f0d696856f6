// The checker must catch a wrong machine: each mutation below changes one transition of a machine's config in
// memory; the mutated machine's own transition-cover paths, replayed on it and judged by the catalogue, must fail.
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import type { QaCatalogue } from './qa/catalogue.ts';
import { coverPaths } from './qa/graph.ts';
import { runPath } from './qa/run.ts';
import devices from './devices/devices.qa.ts';
import configEditor from './devices/devicesConfigEditor.qa.ts';
import directory from './directory.qa.ts';
import fetchStatus from './fetchStatus.qa.ts';
import session from './session.qa.ts';
import theme from './theme.qa.ts';

type Config = Record<string, any>;

/** A copy of a config deep enough to edit any transition (functions are shared, not copied). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)])) as T;
  }
  return value;
}

function mutate(machine: AnyStateMachine, change: (config: Config) => void): AnyStateMachine {
  const config = copy(machine.config) as Config;
  change(config);
  return createMachine(config as never).provide(machine.implementations as never);
}

/** Every problem the mutated machine's paths report (none means the mutation went unnoticed). */
async function problemsOf(qa: QaCatalogue, mutated: AnyStateMachine): Promise<string[]> {
  const mutatedQa = { ...qa, machine: mutated };
  const problems: string[] = [];
  for (const path of coverPaths(mutatedQa).paths) problems.push(...(await runPath(mutatedQa, path, mutated)).problems);
  return problems;
}

const mutations: Array<[string, QaCatalogue, (config: Config) => void]> = [
  ['fetchStatus: a reload while loading goes to updating', fetchStatus, (c) => void (c.states.loading.on['fetch.load'].target = 'updating')],
  ['fetchStatus: a failed reload of a shown list goes to complete', fetchStatus, (c) => void (c.states.updating.invoke.onError.target = 'complete')],
  ['session: a refused refresh token signs in', session, (c) => void (c.states.refreshing.invoke.onError.target = 'signedIn')],
  ['session: expiry keeps the session', session, (c) => void (c.states.signedIn.on['session.expired'].target = '.ready')],
  ['directory: a valid form is not sent on save', directory, (c) => void (c.states.ready.states.editing.on['directory.save'][0].target = 'editing')],
  ['directory: a failed switch opens the form', directory, (c) => void (c.states.ready.states.toggling.invoke.onError.target = 'editing')],
  ['devicesConfigEditor: "Keep editing" drops the edit', configEditor, (c) => void (c.states.ready.states.confirmingSwitch.on['config.keep'].target = 'clean')],
  ['devicesConfigEditor: "Revert" keeps the draft dirty', configEditor, (c) => void (c.states.ready.states.dirty.on['config.revert'].target = 'dirty')],
  ['devices: the auto-refresh reloads into loading', devices, (c) => void (c.states.list.states.complete.after.autoRefresh = 'loading')],
  ['devices: a removal keeps the old statistics', devices, (c) => void (c.states.statistics.states.ready.on['devices.removed'] = 'ready')],
];

// Each check explores a machine twice over (mutated and not): seconds on a loaded machine.
describe('mutation check: the path tests catch a mutated transition', { timeout: 120_000 }, () => {
  it('the unmutated machines pass (the mutations below are what fails)', async () => {
    for (const qa of [fetchStatus, session, directory, configEditor, devices]) expect(await problemsOf(qa, mutate(qa.machine, () => {}))).toEqual([]);
  });

  it.each(mutations)('%s', async (_name, qa, change) => {
    expect((await problemsOf(qa, mutate(qa.machine, change))).length).toBeGreaterThan(0);
  });

  // The issue's own example, beyond the ten: an unknown theme name that keeps the current theme.
  it('theme: the fallback for an unknown name keeps the current theme', async () => {
    const keepsTheme = mutate(theme.machine, (c) => void (c.on['theme.set'][1].actions = [c.on['theme.set'][1].actions[0]]));
    expect((await problemsOf(theme, keepsTheme)).length).toBeGreaterThan(0);
  });
});
