import { smartGroupPreviewMachine } from '../../../src/machines/devices/smartGroupPreview.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'choose the company North in the smart group form';
const OTHER = 'type "lobby" under "Any of the tags"';

/** The live preview of the smart group form (issue 41): the devices a rule holds now, asked again as the rule changes. */
export default defineFetchQa({
  machine: smartGroupPreviewMachine,
  file: 'src/machines/devices/smartGroupPreview.machine.ts',
  title: 'The live preview of a smart group rule',
  open: { words: OPEN, params: { company: 2, rule: {} }, calls: 'load: {"params":{"company":2,"rule":{}}}' },
  other: { words: OTHER, params: { company: 2, rule: { tags_any: ['lobby'] } }, calls: 'load: {"params":{"company":2,"rule":{"tags_any":["lobby"]}}}' },
  answer: { words: 'the server answers 3 devices', data: { count: 3, count_exact: true, next: null, previous: null, results: [{ id: 1, sn: 'A-1', name: 'Lobby left' }] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/smart-groups, press "New smart group"', user: 'admin (or a user with devices edit rights)', data: 'company North (id 2) with 3 devices tagged lobby' } },
  howTo: {
    [OFFLINE.words]: blocked('*/device-groups/smart/preview/*', 'type lobby under "Any of the tags"'), [OPEN]: 'in the dialog, choose North under "Company"', [OTHER]: 'type lobby under "Any of the tags"' },
  offScreen: {},
  screen: {
    loading: [`the line ${text('devices:smartGroups.previewLoading')} above the buttons`],
    answer: [`the line ${text('devices:smartGroups.matches', { count: 3, formatted: '3' })} and the names Lobby left`],
    updating: ['the line keeps the previous count until the new one comes'],
    forbidden: [`the line ${text('devices:smartGroups.previewError')}`],
  },
});
