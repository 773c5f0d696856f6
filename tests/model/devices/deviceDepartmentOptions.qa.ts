import { deviceDepartmentOptionsMachine } from '../../../src/machines/devices/deviceDepartmentOptions.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = `choose North in ${text('devices:smartGroups.fields.company')} of the smart group form`;
const OTHER = `choose South in ${text('devices:smartGroups.fields.company')} instead`;

/** The departments the smart group form's Department field offers (issue 41): the chosen company's, in a fetch status. */
export default defineFetchQa({
  machine: deviceDepartmentOptionsMachine,
  file: 'src/machines/devices/deviceDepartmentOptions.machine.ts',
  title: "The departments the smart group form's Department field offers: the chosen company's",
  open: { words: OPEN, params: { company: 2 }, calls: 'load: {"params":{"company":2}}' },
  other: { words: OTHER, params: { company: 3 }, calls: 'load: {"params":{"company":3}}' },
  answer: { words: 'the server answers the departments Retail and its sub-department Malls', data: [{ id: 1, name: 'Retail', parent: null }, { id: 2, name: 'Malls', parent: 1 }], rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/smart-groups, "New smart group" pressed', user: 'admin (or a user with devices edit rights)', data: 'company North (id 2) with the department Retail and its sub-department Malls; company South (id 3)' } },
  howTo: {
    [OPEN]: `in the dialog ${text('devices:smartGroups.addTitle')}, choose North`,
    [OTHER]: 'then choose South',
    [OFFLINE.words]: blocked('*/departments/?*', 'choose the company'),
  },
  offScreen: {
    [OPEN]: { loading: 'the company is chosen already', updating: 'the company is chosen already', complete: 'the company is chosen already' },
  },
  screen: {
    loading: [`the field ${text('devices:smartGroups.fields.department')} offers only ${text('devices:filters.all')} until the departments come`],
    answer: [`the field ${text('devices:smartGroups.fields.department')} offers ${text('devices:filters.all')}, "Retail" and "Retail › Malls"`],
    updating: [`the field ${text('devices:smartGroups.fields.department')} keeps the departments shown while the other company's load`],
    forbidden: [`the field ${text('devices:smartGroups.fields.department')} offers only ${text('devices:filters.all')} (the rest of the form works)`],
  },
});
