import { drawerMachine } from '../../src/machines/drawer.machine.ts';
import { selectDrawerOpen } from '../../src/machines/drawer.selectors.ts';
import { defineQa } from './qa/catalogue.ts';

const TOGGLE = 'press the menu button';
const OPEN = 'swipe the drawer open';
const CLOSE = 'press outside the drawer';

const OPENED = 'the drawer slides in from the left with the sections of the app over a dimmed page';
const CLOSED = 'the drawer is gone; the page is not dimmed';

/** The mobile navigation drawer: the menu button toggles it, closing it from outside works only when open. */
export default defineQa({
  machine: drawerMachine,
  file: 'src/machines/drawer.machine.ts',
  title: 'The navigation drawer of narrow windows',
  req: { [TOGGLE]: ['S4.12-1'], [OPEN]: ['S4.12-1'], [CLOSE]: ['S4.12-1'] },
  preconditions: { start: { route: '/devices', user: 'any user', data: 'a browser window narrower than 960 px (the devtools device toolbar at 390 px wide): the menu button shows in the top bar' } },
  howTo: { [CLOSE]: 'press the dimmed page beside the drawer, or Escape' },
  offScreen: {
    [OPEN]: 'the drawer has no swipe gesture: only the menu button opens it',
    [CLOSE]: { closed: 'no drawer is open to press outside of' },
  },
  events: { [TOGGLE]: { type: 'drawer.toggle' }, [OPEN]: { type: 'drawer.open' }, [CLOSE]: { type: 'drawer.close' } },
  initial: { start: { to: 'closed', see: { open: false } } },
  expect: {
    closed: { [TOGGLE]: { to: 'open', see: { open: true }, screen: [OPENED] }, [OPEN]: { to: 'open', see: { open: true }, screen: [OPENED] } },
    open: { [TOGGLE]: { to: 'closed', see: { open: false }, screen: [CLOSED] }, [CLOSE]: { to: 'closed', see: { open: false }, screen: [CLOSED] } },
  },
  view: (snapshot) => ({ open: selectDrawerOpen(snapshot) }),
});
