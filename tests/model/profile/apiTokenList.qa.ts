import { apiTokenListMachine } from '../../../src/machines/profile/apiTokenList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The signed-in user's API tokens on /profile (issue 40) and their fetch status. */
export default defineFetchQa({
  machine: apiTokenListMachine,
  file: 'src/machines/profile/apiTokenList.machine.ts',
  title: 'The API tokens of /profile and their fetch status',
  open: { words: 'open /profile', calls: 'load: {"params":null}' },
  other: { words: 'press "Retry" under the tokens', params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers one token', data: [{ id: 1, name: 'Inventory sync' }], rows: 1 },
  namespace: 'profile',
  preconditions: { start: { route: '/profile', user: 'any signed-in user', data: 'a token "Inventory sync" (press "New token")' } },
  howTo: { 'open /profile': 'open /profile from the user menu (later, the list loads again after a token is made or revoked)' },
  offScreen: {
    'press "Retry" under the tokens': { initial: 'no "Retry" is shown before the list fails', loading: 'no "Retry" is shown while the list loads', updating: 'no "Retry" is shown while the list loads again', complete: 'no "Retry" is shown once the list is shown' },
    'the server refuses (403 forbidden)': 'every signed-in user may list their own tokens; the server refuses the list only to an API token (403 session_required), which the panel never uses',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the heading ${text('profile:tokens.title')}`],
    answer: [
      `the row Inventory sync with the columns ${text('profile:tokens.fields.prefix')}, ${text('profile:tokens.fields.rights')}, ${text('profile:tokens.fields.expires')}, ${text('profile:tokens.fields.lastUsed')}`,
      `the button ${text('profile:tokens.add')} enabled`,
    ],
    forbidden: [`${text('profile:tokens.loadError')} with the button ${text('profile:retry')}`],
  },
});
