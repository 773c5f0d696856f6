import { drawerMachine } from '../../src/machines/drawer.machine.ts';
import { selectDrawerOpen } from '../../src/machines/drawer.selectors.ts';
import { defineQa } from './qa/catalogue.ts';

const TOGGLE = 'press the menu button';
const OPEN = 'swipe the drawer open';
const CLOSE = 'press outside the drawer';

/** The mobile navigation drawer: the menu button toggles it, closing it from outside works only when open. */
export default defineQa({
  machine: drawerMachine,
  file: 'src/machines/drawer.machine.ts',
  title: 'The navigation drawer of narrow windows',
  req: { [TOGGLE]: ['S4.12-1'], [OPEN]: ['S4.12-1'], [CLOSE]: ['S4.12-1'] },
  events: { [TOGGLE]: { type: 'drawer.toggle' }, [OPEN]: { type: 'drawer.open' }, [CLOSE]: { type: 'drawer.close' } },
  initial: { start: { to: 'closed', see: { open: false } } },
  expect: {
    closed: { [TOGGLE]: { to: 'open', see: { open: true } }, [OPEN]: { to: 'open', see: { open: true } } },
    open: { [TOGGLE]: { to: 'closed', see: { open: false } }, [CLOSE]: { to: 'closed', see: { open: false } } },
  },
  view: (snapshot) => ({ open: selectDrawerOpen(snapshot) }),
});
