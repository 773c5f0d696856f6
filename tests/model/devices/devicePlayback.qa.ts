import { devicePlaybackMachine } from '../../../src/machines/devices/devicePlayback.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open the card of device 3';
const REFRESH = `press ${text('devices:playback.refresh')} (or ${text('devices:playback.retry')} once it failed)`;

/** The playback section of a device card (DevicePlayback.tsx, issue 24) in its fetch status. */
export default defineFetchQa({
  machine: devicePlaybackMachine,
  file: 'src/machines/devices/devicePlayback.machine.ts',
  title: 'The playback section of a device card',
  open: { words: OPEN, params: 3, calls: 'load: {"params":3}' },
  other: { words: REFRESH, params: 3, calls: 'load: {"params":3}' },
  answer: {
    words: 'the server answers device 3\'s playback',
    data: { capabilities: { source: 'defaults', codecs: ['h264'], images: ['jpeg'], max_video: { width: 1920, height: 1080 }, screen: null }, now_playing: null, errors: [] },
    rows: 1,
  },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/devices, press the row of Screen 3: its card opens', user: 'admin (or a user with devices view rights)', data: 'device 3 named Screen 3 whose player has not reported its capabilities' } },
  howTo: {
    [OPEN]: 'open /devices and press the row of Screen 3',
    [OFFLINE.words]: blocked('*/tvpi/devices/3/playback/*', `press ${text('devices:playback.refresh')}`),
  },
  offScreen: {
    [OPEN]: { loading: 'the card is open already', updating: 'the card is open already', complete: 'the card is open already' },
    [REFRESH]: { loading: `${text('devices:playback.refresh')} is disabled while the section loads`, updating: `${text('devices:playback.refresh')} is disabled while the section loads` },
  },
  screen: {
    loading: [`under ${text('devices:playback.title')}, the spinner ${text('common:loading')}; ${text('devices:playback.refresh')} disabled`],
    answer: [`${text('devices:playback.capabilities')}: ${text('devices:playback.fields.codecs')} H264, ${text('devices:playback.fields.images')} JPEG`, `${text('devices:playback.refresh')} enabled`],
    updating: [`the section shown stays; ${text('devices:playback.refresh')} disabled until it comes`],
    forbidden: [`in red: ${text('devices:playback.loadError')} (${text('devices:playback.failure.network_error').slice(1, -1)}) with the button ${text('devices:playback.retry')}`],
  },
});
