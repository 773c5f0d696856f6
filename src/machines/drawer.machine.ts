import { setup } from 'xstate';

export type DrawerEvent = { type: 'drawer.toggle' } | { type: 'drawer.open' } | { type: 'drawer.close' };

/** The mobile navigation drawer. */
export const drawerMachine = setup({
  types: { events: {} as DrawerEvent },
}).createMachine({
  id: 'drawer',
  initial: 'closed',
  states: {
    closed: {
      on: { 'drawer.toggle': { target: 'open' }, 'drawer.open': { target: 'open' } },
    },
    open: {
      on: { 'drawer.toggle': { target: 'closed' }, 'drawer.close': { target: 'closed' } },
    },
  },
});
