// The add / edit campaign form: the QA paths of the campaignForm machine in Chromium, against the real app and
// server.
// Written by `npm run qa:export -- campaignForm` from the catalogue tests/model/campaigns/campaignForm.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/campaignForm.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'campaignForm in the browser'
import { describe, it } from 'vitest';
import { campaignFormAdapter } from '../paths/campaignForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(campaignFormAdapter);

describe('campaignForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns; campaign 4 "Winter sale" (horizontal, 2
    // devices); open its actions and choose "Edit".
    await start('start');
    await shows('editing');

    // 1. type the name "Spring sale"
    await act('type the name "Spring sale"');
    // Then the screen shows: "Name" reads Spring sale
    await shows('editing');

    // 2. clear the name
    await act('clear the name');
    // Then the screen shows: "Name" holds only spaces; no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Name": "Name is required!"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 2 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns; campaign 4 "Winter sale" (horizontal, 2
    // devices); open its actions and choose "Edit".
    await start('start');
    await shows('editing');

    // 1. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Campaign updated!"; the row Spring sale in the list
    await shows('saved');
    await end();
  });

  it('path 3 from start: 8 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns; campaign 4 "Winter sale" (horizontal, 2
    // devices); open its actions and choose "Edit".
    await start('start');
    await shows('editing');

    // 1. press "Save"
    // Arranged now for step 2: the server refuses: a campaign with devices cannot change its screen position.
    await arrange('the server refuses: a campaign with devices cannot change its screen position');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server refuses: a campaign with devices cannot change its screen position (as arranged)
    // Then the screen shows: under "Screen position": "A campaign with devices cannot change its screen position";
    // what was typed stays in the fields
    await shows('failed');

    // 3. type the name "Spring sale"
    await act('type the name "Spring sale"');
    // Then the screen shows: "Name" reads Spring sale
    await shows('editing');

    // 4. press "Save"
    // Arranged now for step 5: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 5. the network is down during the save (as arranged)
    // Then the screen shows: the line "Error while updating: The server cannot be reached. Check your connection and
    // try again" above the buttons; what was typed stays in the fields
    await shows('failed');

    // 6. press "Save"
    // Arranged now for step 7: the server refuses: a campaign with devices cannot change its screen position.
    await arrange('the server refuses: a campaign with devices cannot change its screen position');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 7. the server refuses: a campaign with devices cannot change its screen position (as arranged)
    // Then the screen shows: under "Screen position": "A campaign with devices cannot change its screen position";
    // what was typed stays in the fields
    await shows('failed');

    // 8. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });
});
