import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { drawerMachine, type DrawerEvent } from '../../src/machines/drawer.machine.ts';
import { THEME_NAMES, themeMachine, type ThemeEvent } from '../../src/machines/theme.machine.ts';
import { selectDrawerOpen } from '../../src/machines/drawer.selectors.ts';
import { selectTheme } from '../../src/machines/theme.selectors.ts';
import { describePath, executePath } from './executePath.ts';

const noActors = () => false;

describe('theme model', () => {
  const events: ThemeEvent[] = [...THEME_NAMES, 'PURPLE'].map((name) => ({ type: 'theme.set', name }));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  beforeAll(() => localStorage.clear());
  beforeEach(() => localStorage.clear());
  afterAll(() => warn.mockRestore());

  const shortest = getShortestPaths(themeMachine, { events });
  const simple = getSimplePaths(themeMachine, { events });

  function themeInvariant(snapshot: SnapshotFrom<typeof themeMachine>) {
    const stored = localStorage.getItem('theme');
    // Nothing is stored until the first theme.set; afterwards the store follows the current theme.
    if (stored !== null) expect(stored).toBe(selectTheme(snapshot));
  }

  it('reaches all six themes', () => {
    expect(new Set(shortest.map((path) => selectTheme(path.state)))).toEqual(new Set(THEME_NAMES));
  });

  it.each([...shortest, ...simple].map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    warn.mockClear();
    await executePath(themeMachine, path, noActors, themeInvariant);
    const unknown = path.steps.filter((step) => (step.event as ThemeEvent).name === 'PURPLE').length;
    expect(warn.mock.calls).toEqual(Array.from({ length: unknown }, () => ['The theme PURPLE is not valid']));
  });
});

describe('drawer model', () => {
  const events: DrawerEvent[] = [{ type: 'drawer.toggle' }, { type: 'drawer.open' }, { type: 'drawer.close' }];
  const paths = [...getShortestPaths(drawerMachine, { events }), ...getSimplePaths(drawerMachine, { events })];

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    await executePath(drawerMachine, path, noActors, (snapshot) => expect(selectDrawerOpen(snapshot)).toBe(snapshot.value === 'open'));
  });
});
