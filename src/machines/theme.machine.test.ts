import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { THEME_NAMES, themeMachine } from './theme.machine.ts';
import { selectTheme } from './theme.selectors.ts';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('themeMachine', () => {
  it('starts with DEFAULT, or the stored theme', () => {
    expect(selectTheme(createActor(themeMachine).start().getSnapshot())).toBe('DEFAULT');
    localStorage.setItem('theme', 'DARK');
    expect(selectTheme(createActor(themeMachine).start().getSnapshot())).toBe('DARK');
  });

  it('starts with DEFAULT from an unknown stored theme, logging "The theme PURPLE is not valid" once and storing DEFAULT', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('theme', 'PURPLE');
    expect(selectTheme(createActor(themeMachine).start().getSnapshot())).toBe('DEFAULT');
    expect(selectTheme(createActor(themeMachine).start().getSnapshot())).toBe('DEFAULT');
    expect([warn.mock.calls, localStorage.getItem('theme')]).toEqual([[['The theme PURPLE is not valid']], 'DEFAULT']);
  });

  it.each(THEME_NAMES)('switches to %s and stores it', (name) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const actor = createActor(themeMachine).start();
    actor.send({ type: 'theme.set', name });
    expect([selectTheme(actor.getSnapshot()), localStorage.getItem('theme')]).toEqual([name, name]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to DEFAULT on an unknown name with the warning "The theme X is not valid"', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const actor = createActor(themeMachine).start();
    actor.send({ type: 'theme.set', name: 'BLUE' });
    actor.send({ type: 'theme.set', name: 'X' });
    expect(selectTheme(actor.getSnapshot())).toBe('DEFAULT');
    expect(localStorage.getItem('theme')).toBe('DEFAULT');
    expect(warn.mock.calls).toEqual([['The theme X is not valid']]);
  });
});
