import { multiplyTargetsMachine } from '../../../src/machines/campaigns/multiplyTargets.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = `press ${text('campaigns:multiply.button')} on the devices page of Spring (horizontal)`;
const OTHER = `press ${text('campaigns:multiply.button')} on the devices page of Tower (vertical)`;

/** The campaigns the Multiply dialog offers (MultiplyDialog.tsx): those of the campaign's screen position, in a fetch status. */
export default defineFetchQa({
  machine: multiplyTargetsMachine,
  file: 'src/machines/campaigns/multiplyTargets.machine.ts',
  title: 'The campaigns the Multiply dialog offers (same screen position)',
  open: { words: OPEN, params: 'horizontal', calls: 'load: {"params":"horizontal"}' },
  other: { words: OTHER, params: 'vertical', calls: 'load: {"params":"vertical"}' },
  answer: { words: 'the server answers the horizontal campaigns: Spring and Summer', data: [{ id: 3, name: 'Spring', screen_position: 'horizontal' }, { id: 4, name: 'Summer', screen_position: 'horizontal' }], rows: 1 },
  failure: OFFLINE,
  namespace: 'campaigns',
  preconditions: {
    start: {
      route: '/campaigns/3/devices, every change saved (Multiply is disabled while there are unsaved changes)',
      user: 'admin (or a user with campaigns edit rights)',
      data: 'campaign 3 Spring and campaign 4 Summer (both horizontal), campaign 5 Tower (vertical)',
    },
  },
  howTo: {
    [OPEN]: `open /campaigns/3/devices and press ${text('campaigns:multiply.button')}`,
    [OTHER]: `close the dialog, open /campaigns/5/devices and press ${text('campaigns:multiply.button')}`,
    [OFFLINE.words]: blocked('*/campaigns/?*screen_position=*', `press ${text('campaigns:multiply.button')}`),
  },
  offScreen: {
    [OPEN]: { loading: 'the dialog is open already and covers the button', updating: 'the dialog is open already and covers the button', complete: 'the dialog is open already and covers the button' },
    [OTHER]: { loading: "the dialog covers the page: it must be closed first, and another campaign's dialog asks again", updating: 'the dialog covers the page', complete: 'the dialog covers the page' },
  },
  screen: {
    loading: [`the dialog ${text('campaigns:multiply.title')}: ${text('campaigns:multiply.text')} and the spinner ${text('common:loading')}`],
    answer: [`the dialog lists a checkbox for Summer (the campaign itself, Spring, is left out); ${text('campaigns:multiply.start')} stays disabled until one is ticked`],
    updating: ['the checkboxes stay while the list loads again'],
    forbidden: [`in the dialog, in red: ${text('campaigns:multiply.loadError')}; only ${text('common:actions.close')} can be pressed`],
  },
});
