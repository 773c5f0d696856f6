// The add-office form: the QA paths of the officeForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- officeForm` from the catalogue tests/model/company/officeForm.qa.ts (the paths,
// the state each step reaches) and the adapter tests/e2e/paths/officeForm.adapter.ts (each step's user action, the
// outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported/officeForm.test.ts
import { describe, it } from 'vitest';
import { officeFormAdapter } from '../paths/officeForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(officeFormAdapter);

describe('officeForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start.
    await start('start');
    await shows('editing');

    // 1. type the e-mail "riverside@north.example"
    await act('type the e-mail "riverside@north.example"');
    await shows('editing');

    // 2. type the e-mail "riverside"
    await act('type the e-mail "riverside"');
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    await shows('closed');
    await end();
  });

  it('path 2 from start: 2 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start.
    await start('start');
    await shows('editing');

    // 1. press "Save"
    await act('press "Save"');
    // (saving: nothing to wait for on screen)

    // 2. the server saves it (the real server answers)
    await shows('saved');
    await end();
  });

  it('path 3 from start: 8 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    await start('start');
    await shows('editing');

    // 1. press "Save"
    // Arranged now for step 2: the server refuses the time zone.
    await arrange('the server refuses the time zone');
    await act('press "Save"');
    // (saving: nothing to wait for on screen)

    // 2. the server refuses the time zone (as arranged)
    await shows('failed');

    // 3. type the e-mail "riverside@north.example"
    await act('type the e-mail "riverside@north.example"');
    await shows('editing');

    // 4. press "Save"
    // Arranged now for step 5: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // (saving: nothing to wait for on screen)

    // 5. the network is down during the save (as arranged)
    await shows('failed');

    // 6. press "Save"
    // Arranged now for step 7: the server refuses the time zone.
    await arrange('the server refuses the time zone');
    await act('press "Save"');
    // (saving: nothing to wait for on screen)

    // 7. the server refuses the time zone (as arranged)
    await shows('failed');

    // 8. press "Cancel"
    await act('press "Cancel"');
    await shows('closed');
    await end();
  });
});
