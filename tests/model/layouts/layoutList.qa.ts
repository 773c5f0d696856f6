import { layoutListMachine } from '../../../src/machines/layouts/layoutList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The layouts list (issue 36, /layouts) over GET /layouts/: search and screen position filter. */
export default defineFetchQa({
  machine: layoutListMachine,
  file: 'src/machines/layouts/layoutList.machine.ts',
  title: 'The layouts list and its fetch status',
  open: { words: 'open the layouts', calls: 'load: {"params":{"page":1}}' },
  other: {
    words: 'show only vertical layouts named like "lobby"',
    params: { page: 1, screen_position: 'vertical', search: 'lobby' },
    calls: 'load: {"params":{"page":1,"screen_position":"vertical","search":"lobby"}}',
  },
  answer: { words: 'the server answers one layout', data: { count: 1, next: null, previous: null, results: [{ id: 3, name: 'Lobby' }] }, rows: 1 },
  namespace: 'layouts',
  preconditions: { start: { route: '/layouts', user: 'admin (or a user with playlists rights)', data: 'a horizontal layout Lobby (3 zones) and a vertical one Lobby tower' } },
  howTo: {
    'open the layouts': `open /layouts from the sidebar (${text('layout:items.layouts')} under ${text('layout:sections.playlists')}; after a failure: press "Try again")`,
    'show only vertical layouts named like "lobby"': `choose ${text('layouts:positions.vertical')} under ${text('layouts:filters.position')} and type lobby in ${text('layouts:filters.searchLabel')}`,
    'the server refuses (403 forbidden)': 'sign in as a user without playlists rights and open /layouts',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')}`],
    answer: [`the table ${text('layouts:list.label')} with the row Lobby: ${text('layouts:fields.name')}, ${text('layouts:fields.screen_position')}, ${text('layouts:fields.size')}, ${text('layouts:fields.zones')}`],
    forbidden: [`${text('common:errors.forbidden')} and the button ${text('layouts:actions.retry')}`],
  },
});
