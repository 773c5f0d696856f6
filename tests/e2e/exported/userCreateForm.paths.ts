// The add-user form: the QA paths of the userCreateForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- userCreateForm` from the catalogue tests/model/users/userCreateForm.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/userCreateForm.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'userCreateForm in the browser'
import { describe, it } from 'vitest';
import { userCreateFormAdapter } from '../paths/userCreateForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(userCreateFormAdapter);

describe('userCreateForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (the administrator: only it sees Users), /users; a user Оператор already there for the refusal;
    // press "Add user", then type the password пароль-2026 first.
    await start('start');
    await shows('editing');

    // 1. type the username "оператор"
    await act('type the username "оператор"');
    // Then the screen shows: "Username" shows оператор
    await shows('editing');

    // 2. type the password "aaaaaaaaaa" (one kind of character)
    await act('type the password "aaaaaaaaaa" (one kind of character)');
    // Then the screen shows: "Password" holds the ten letters (hidden); no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Password" the message "Too weak: use two kinds of characters, not a common
    // password or the username"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 3 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (the administrator: only it sees Users), /users; a user Оператор already there for the refusal;
    // press "Add user", then type the password пароль-2026 first.
    await start('start');
    await shows('editing');

    // 1. type the username "оператор"
    await act('type the username "оператор"');
    // Then the screen shows: "Username" shows оператор
    await shows('editing');

    // 2. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Successfully added"; the row оператор in the list
    await shows('saved');
    await end();
  });

  it('path 3 from start: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (the administrator: only it sees Users), /users; a user Оператор already there for the refusal;
    // press "Add user", then type the password пароль-2026 first.
    await start('start');
    await shows('editing');

    // 1. type the username "оператор"
    await act('type the username "оператор"');
    // Then the screen shows: "Username" shows оператор
    await shows('editing');

    // 2. press "Save"
    // Arranged now for step 3: the server refuses: the username is taken.
    await arrange('the server refuses: the username is taken');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server refuses: the username is taken (as arranged)
    // Then the screen shows: under "Username" the message "This username is taken"; what was typed stays in the
    // fields
    await shows('failed');

    // 4. type the username "оператор"
    await act('type the username "оператор"');
    // Then the screen shows: "Username" shows оператор
    await shows('editing');

    // 5. press "Save"
    // Arranged now for step 6: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 6. the network is down during the save (as arranged)
    // Then the screen shows: the line "No connection to the server" above the buttons; what was typed stays in the
    // fields
    await shows('failed');

    // 7. press "Save"
    // Arranged now for step 8: the server refuses: the username is taken.
    await arrange('the server refuses: the username is taken');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 8. the server refuses: the username is taken (as arranged)
    // Then the screen shows: under "Username" the message "This username is taken"; what was typed stays in the
    // fields
    await shows('failed');

    // 9. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  }, 135_000);
});
