// The add-company form: the QA paths of the companyForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- companyForm` from the catalogue tests/model/company/companyForm.qa.ts (the paths,
// the state each step reaches) and the adapter tests/e2e/paths/companyForm.adapter.ts (each step's user action, the
// outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'companyForm in the browser'
import { describe, it } from 'vitest';
import { companyFormAdapter } from '../paths/companyForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(companyFormAdapter);

describe('companyForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (only the administrator adds companies), /organizations, press "Add company" and type Северный
    // ветер in "Name"; no company named Северный ветер yet.
    await start('start');
    await shows('editing');

    // 1. type the INN "7707083893" (its check digit matches)
    await act('type the INN "7707083893" (its check digit matches)');
    // Then the screen shows: "INN" reads 7707083893
    await shows('editing');

    // 2. type the INN "7707083894" (a wrong check digit)
    await act('type the INN "7707083894" (a wrong check digit)');
    // Then the screen shows: "INN" reads 7707083894; no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "INN", in red: "The INN check digits do not match"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 2 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (only the administrator adds companies), /organizations, press "Add company" and type Северный
    // ветер in "Name"; no company named Северный ветер yet.
    await start('start');
    await shows('editing');

    // 1. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Successfully added"; the row Северный ветер in the
    // list of companies
    await shows('saved');
    await end();
  });

  it('path 3 from start: 8 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (only the administrator adds companies), /organizations, press "Add company" and type Северный
    // ветер in "Name"; no company named Северный ветер yet.
    await start('start');
    await shows('editing');

    // 1. press "Save"
    // Arranged now for step 2: the server refuses the e-mail format.
    await arrange('the server refuses the e-mail format');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server refuses the e-mail format (as arranged)
    // Then the screen shows: under "Email", in red: "Wrong format"; what was typed stays in the fields
    await shows('failed');

    // 3. type the INN "7707083893" (its check digit matches)
    await act('type the INN "7707083893" (its check digit matches)');
    // Then the screen shows: "INN" reads 7707083893
    await shows('editing');

    // 4. press "Save"
    // Arranged now for step 5: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 5. the network is down during the save (as arranged)
    // Then the screen shows: the line "Oops! Saving error!" above the buttons; what was typed stays in the fields
    await shows('failed');

    // 6. press "Save"
    // Arranged now for step 7: the server refuses the e-mail format.
    await arrange('the server refuses the e-mail format');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 7. the server refuses the e-mail format (as arranged)
    // Then the screen shows: under "Email", in red: "Wrong format"; what was typed stays in the fields
    await shows('failed');

    // 8. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });
});
