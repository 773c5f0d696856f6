// The add-department form: the QA paths of the departmentForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- departmentForm` from the catalogue tests/model/company/departmentForm.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/departmentForm.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'departmentForm in the browser'
import { describe, it } from 'vitest';
import { departmentFormAdapter } from '../paths/departmentForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(departmentFormAdapter);

describe('departmentForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Company "Edit"), /structure, then "Add department" in the section
    // of the company North; a company North (id 3) without a department Продажи.
    await start('start');
    await shows('editing');

    // 1. type the name "Продажи"
    await act('type the name "Продажи"');
    // Then the screen shows: "Name" reads Продажи
    await shows('editing');

    // 2. clear the name
    await act('clear the name');
    // Then the screen shows: "Name" holds only spaces; no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Name", in red: "Required"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 3 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Company "Edit"), /structure, then "Add department" in the section
    // of the company North; a company North (id 3) without a department Продажи.
    await start('start');
    await shows('editing');

    // 1. type the name "Продажи"
    await act('type the name "Продажи"');
    // Then the screen shows: "Name" reads Продажи
    await shows('editing');

    // 2. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Successfully added"; Продажи in the tree of North
    await shows('saved');
    await end();
  });

  it('path 3 from start: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Company "Edit"), /structure, then "Add department" in the section
    // of the company North; a company North (id 3) without a department Продажи.
    await start('start');
    await shows('editing');

    // 1. type the name "Продажи"
    await act('type the name "Продажи"');
    // Then the screen shows: "Name" reads Продажи
    await shows('editing');

    // 2. press "Save"
    // Arranged now for step 3: the server refuses: the parent lies below the department.
    await arrange('the server refuses: the parent lies below the department');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server refuses: the parent lies below the department (as arranged)
    // Then the screen shows: under "Parent department", in red: "A department cannot be placed below itself"; what
    // was typed stays in the fields
    await shows('failed');

    // 4. type the name "Продажи"
    await act('type the name "Продажи"');
    // Then the screen shows: "Name" reads Продажи
    await shows('editing');

    // 5. press "Save"
    // Arranged now for step 6: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 6. the network is down during the save (as arranged)
    // Then the screen shows: the line "Oops! Saving error!" above the buttons; what was typed stays in the fields
    await shows('failed');

    // 7. press "Save"
    // Arranged now for step 8: the server refuses: the parent lies below the department.
    await arrange('the server refuses: the parent lies below the department');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 8. the server refuses: the parent lies below the department (as arranged)
    // Then the screen shows: under "Parent department", in red: "A department cannot be placed below itself"; what
    // was typed stays in the fields
    await shows('failed');

    // 9. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  }, 135_000);
});
