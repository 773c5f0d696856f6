import { layoutDeleteMachine } from '../../../src/machines/layouts/layoutDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Issue 36: a layout is deleted after the confirmation; one an event uses stays (409 `layout_in_use`, like playlists). */
export default confirmDeleteQa({
  machine: layoutDeleteMachine,
  file: 'src/machines/layouts/layoutDelete.machine.ts',
  title: 'Deleting a layout',
  name: 'Lobby',
  refused: 'the server refuses: an event uses it',
  reason: 'layout_in_use',
  namespace: 'layouts',
  preconditions: { start: { route: '/layouts', user: 'admin (or a user with playlists edit rights)', data: 'a layout "Lobby" no event uses; press "Delete Lobby" on its row' } },
  howTo: { 'the server refuses: an event uses it': 'schedule "Lobby" in an event of a campaign first' },
  refusedScreen: [`an error toast ${text('layouts:errors.layout_in_use')}`],
});
