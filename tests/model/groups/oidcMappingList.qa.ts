import { oidcMappingListMachine } from '../../../src/machines/groups/oidcMappingList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** /groups' single sign-on mappings (issue 40), with whether single sign-on is configured, and their fetch status. */
export default defineFetchQa({
  machine: oidcMappingListMachine,
  file: 'src/machines/groups/oidcMappingList.machine.ts',
  title: "The single sign-on mappings of /groups and their fetch status",
  open: { words: 'open /groups', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again" under the mappings', params: null, calls: 'load: {"params":null}' },
  answer: {
    words: 'the server answers one mapping, single sign-on off',
    data: { mappings: [{ id: 1, provider_group: 'signage-operators', group: 2, group_name: 'North operators' }], sso: { enabled: false, name: null } },
    rows: 1,
  },
  namespace: 'groups',
  preconditions: { start: { route: '/groups', user: 'admin (the administrator: only it sees Groups)', data: 'a group North operators; a mapping signage-operators -> North operators (press "Add mapping")' } },
  howTo: { 'open /groups': 'open /groups from the sidebar (later, the mappings load again after one is added or removed)' },
  offScreen: {
    'press "Try again" under the mappings': {
      initial: 'no "Try again" is shown before the mappings fail',
      loading: 'no "Try again" is shown while the mappings load',
      updating: 'no "Try again" is shown while the mappings load again',
      complete: 'no "Try again" is shown once the mappings are shown',
    },
    'the server refuses (403 forbidden)': 'the server refuses the mappings only to someone who is not the administrator, and only the administrator can open /groups',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the heading ${text('groups:sso.title')}`],
    answer: [
      `${text('groups:sso.off')}`,
      `the row signage-operators with the columns ${text('groups:sso.fields.provider_group')} and ${text('groups:sso.fields.group')} (North operators)`,
      `the button ${text('groups:sso.add')} enabled`,
    ],
    forbidden: [`${text('groups:sso.loadError')}: ${text('groups:errors.forbidden')} with the button ${text('groups:actions.retry')}`],
  },
});
