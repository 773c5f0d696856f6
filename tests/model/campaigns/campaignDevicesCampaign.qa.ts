import { campaignDevicesCampaignMachine } from '../../../src/machines/campaigns/campaignDevicesCampaign.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /campaigns/3/devices';
const OTHER = 'open /campaigns/4/devices (another campaign)';

/** The campaign named in the heading of its devices screen (CampaignDevicesScreen.tsx) in its fetch status. */
export default defineFetchQa({
  machine: campaignDevicesCampaignMachine,
  file: 'src/machines/campaigns/campaignDevicesCampaign.machine.ts',
  title: 'The campaign of /campaigns/{id}/devices: its name in the heading and its screen position hint',
  open: { words: OPEN, params: 3, calls: 'load: {"params":3}' },
  other: { words: OTHER, params: 4, calls: 'load: {"params":4}' },
  answer: { words: 'the server answers campaign 3, Spring, horizontal', data: { id: 3, name: 'Spring', screen_position: 'horizontal' }, rows: 1 },
  failure: OFFLINE,
  namespace: 'campaigns',
  preconditions: { start: { route: '/campaigns/3/devices (in /campaigns, the devices button of Spring)', user: 'admin (or a user with campaigns view rights)', data: 'campaign 3 named Spring (horizontal) and campaign 4 named Summer' } },
  howTo: {
    [OPEN]: 'open /campaigns and press the devices button of Spring',
    [OTHER]: 'type /campaigns/4/devices in the address bar',
    [OFFLINE.words]: blocked('*/campaigns/3', 'open /campaigns/3/devices'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already; the heading has no reload button' },
  },
  screen: {
    loading: [`the heading ${text('campaigns:devices.title', { name: '…' })}; ${text('campaigns:multiply.button')} disabled; the two device lists load on their own`],
    answer: [`the heading ${text('campaigns:devices.title', { name: 'Spring' })}`, `under the buttons: ${text('campaigns:devices.positionHint_horizontal')}`],
    updating: [`the heading ${text('campaigns:devices.title', { name: 'Spring' })} until the other campaign's name comes`],
    forbidden: [`the heading stays ${text('campaigns:devices.title', { name: '…' })} (or the name shown before) with no position hint; ${text('campaigns:multiply.button')} stays disabled; the device lists load on their own`],
  },
});
