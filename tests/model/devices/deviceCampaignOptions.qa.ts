import { deviceCampaignOptionsMachine } from '../../../src/machines/devices/deviceCampaignOptions.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = `choose ${text('devices:bulk.actions.add_to_campaign')} in the bulk action's dialog`;
const OTHER = `choose another action, then ${text('devices:bulk.actions.add_to_campaign')} again`;

/** The campaigns the bulk action "Add to a campaign" offers on /devices (issue 41), in a fetch status. */
export default defineFetchQa({
  machine: deviceCampaignOptionsMachine,
  file: 'src/machines/devices/deviceCampaignOptions.machine.ts',
  title: 'The campaigns the bulk action "Add to a campaign" of /devices offers',
  open: { words: OPEN, calls: 'load: {"params":null}' },
  other: { words: OTHER, params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers the campaign Winter sale (horizontal)', data: [{ id: 1, name: 'Winter sale', screen_position: 'horizontal' }], rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: `/devices, the dialog ${text('devices:bulk.open')} open`, user: 'admin (or a user whose groups give Devices and Campaigns "Edit")', data: 'a horizontal campaign Winter sale' } },
  howTo: {
    [OPEN]: `press ${text('devices:bulk.open')} above the list, then choose the action`,
    [OTHER]: 'each time the action comes back to "Add to a campaign" the list loads anew',
    [OFFLINE.words]: blocked('*/campaigns/?*', 'choose the action'),
  },
  offScreen: {
    [OPEN]: { loading: 'the field is shown already', updating: 'the field is shown already', complete: 'the field is shown already' },
  },
  screen: {
    loading: [`the field ${text('devices:bulk.campaign')} with ${text('devices:bulk.optionsLoading')} under it`],
    answer: [`the field ${text('devices:bulk.campaign')} offers ${text('devices:bulk.choose')} and "Winter sale (Horizontal)"`],
    updating: [`the field ${text('devices:bulk.campaign')} keeps its campaigns while they load again`],
    forbidden: [`${text('devices:bulk.optionsError')} under the field ${text('devices:bulk.campaign')}`],
  },
});
