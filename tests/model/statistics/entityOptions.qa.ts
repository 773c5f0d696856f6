import { entityOptionsMachine } from '../../../src/machines/statistics/entityOptions.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /statistics/compare: the campaign picker shows';
const TYPE = 'type "spring" in the campaign picker';

/** The matches of a statistics entity picker (EntityPicker.tsx, GET /statistics/entities/) in their fetch status. */
export default defineFetchQa({
  machine: entityOptionsMachine,
  file: 'src/machines/statistics/entityOptions.machine.ts',
  title: 'The matches of a statistics entity picker (campaign, device or media)',
  open: { words: OPEN, params: { kind: 'campaign', search: '' }, calls: 'load: {"params":{"kind":"campaign","search":""}}' },
  other: { words: TYPE, params: { kind: 'campaign', search: 'spring' }, calls: 'load: {"params":{"kind":"campaign","search":"spring"}}' },
  answer: { words: 'the server answers the campaign Spring sale', data: [{ id: 3, name: 'Spring sale' }], rows: 1 },
  failure: OFFLINE,
  namespace: 'statistics',
  preconditions: { start: { route: '/statistics/compare (also /statistics and /statistics/unloads)', user: 'admin (or a user with statistics view rights)', data: 'the campaign Spring sale' } },
  howTo: {
    [OPEN]: 'open /statistics/compare from the sidebar',
    [TYPE]: `type "spring" in ${text('statistics:compare.pick.campaign')}`,
    [OFFLINE.words]: blocked('*/statistics/entities/*', 'type in the picker'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already' },
  },
  screen: {
    loading: [`the picker's list shows the spinner ${text('common:loading')}`],
    answer: [`the picker ${text('statistics:compare.pick.campaign')} lists Spring sale`],
    updating: [`the picker lists what it found before, with the spinner ${text('common:loading')}, until the new matches come`],
    forbidden: [`the picker is marked in red with ${text('statistics:errors.loadFailed')}`],
  },
});
