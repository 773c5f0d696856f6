import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { drawerMachine } from './drawer.machine.ts';
import { selectDrawerOpen } from './drawer.selectors.ts';

describe('drawerMachine', () => {
  it('toggles, opens and closes', () => {
    const actor = createActor(drawerMachine).start();
    const seen: boolean[] = [selectDrawerOpen(actor.getSnapshot())];
    for (const type of ['drawer.toggle', 'drawer.toggle', 'drawer.open', 'drawer.open', 'drawer.close', 'drawer.close'] as const) {
      actor.send({ type });
      seen.push(selectDrawerOpen(actor.getSnapshot()));
    }
    expect(seen).toEqual([false, true, false, true, true, false, false]);
  });
});
