import { schedulerCampaignMachine } from '../../../src/machines/scheduler/schedulerCampaign.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /campaigns/3/scheduler';
const OTHER = 'open /campaigns/4/scheduler (another campaign)';

/** The campaign named in the heading of its calendar (CampaignSchedulerScreen.tsx) in its fetch status. */
export default defineFetchQa({
  machine: schedulerCampaignMachine,
  file: 'src/machines/scheduler/schedulerCampaign.machine.ts',
  title: 'The campaign named in the heading of its calendar (/campaigns/{id}/scheduler)',
  open: { words: OPEN, params: 3, calls: 'load: {"params":3}' },
  other: { words: OTHER, params: 4, calls: 'load: {"params":4}' },
  answer: { words: 'the server answers campaign 3, Spring sale', data: { id: 3, name: 'Spring sale' }, rows: 1 },
  failure: OFFLINE,
  namespace: 'scheduler',
  preconditions: { start: { route: '/campaigns/3/scheduler (in /campaigns, the calendar button of Spring sale)', user: 'admin (or a user with scheduler view rights)', data: 'campaign 3 named Spring sale and campaign 4 named Summer' } },
  howTo: {
    [OPEN]: 'in /campaigns, press the calendar button of Spring sale',
    [OTHER]: 'type /campaigns/4/scheduler in the address bar (the screen stays and asks for the other campaign)',
    [OFFLINE.words]: blocked('*/campaigns/3', 'open /campaigns/3/scheduler'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already; the heading has no reload button' },
  },
  screen: {
    loading: [`the heading ${text('scheduler:page.campaignTitle', { name: '…' })} (the name still to come) with the link ${text('scheduler:page.backToCampaigns')}`],
    answer: [`the heading ${text('scheduler:page.campaignTitle', { name: 'Spring sale' })}`],
    updating: [`the heading ${text('scheduler:page.campaignTitle', { name: 'Spring sale' })} until the other campaign's name comes`],
    forbidden: [`the heading stays ${text('scheduler:page.campaignTitle', { name: '…' })} (or the name shown before); the calendar below says what failed on its own`],
  },
});
