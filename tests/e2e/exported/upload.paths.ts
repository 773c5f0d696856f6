// One upload batch of the add-media form: the QA paths of the upload machine in Chromium, against the real app and
// server.
// Written by `npm run qa:export -- upload` from the catalogue tests/model/media/upload.qa.ts (the paths, the state
// each step reaches) and the adapter tests/e2e/paths/upload.adapter.ts (each step's user action, the outcomes
// arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'upload in the browser'
import { describe, it } from 'vitest';
import { uploadAdapter } from '../paths/upload.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(uploadAdapter);

describe('upload in the browser', () => {
  it('path 1 from start: 14 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with media edit rights), /media; on your computer a short video clip.mp4, a picture
    // poster.png and any video huge.mp4 over 250 MB; press "Add media" (the dialog "Add media" opens).
    await start('start');
    await shows('editing');

    // 1. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    // Then the screen shows: under "Files to upload": clip.mp4 "Ready to upload", poster.png "Ready to upload", each
    // with its "Name" (the file name), "Description", "Screen position" and "Device type"
    await shows('editing');

    // 2. pick huge.mp4, one byte over 250 MB
    await act('pick huge.mp4, one byte over 250 MB');
    // Then the screen shows: huge.mp4 "Not sent" in red, with "The file is larger than 250 MB" and no fields
    await shows('editing');

    // 3. remove poster.png from the list
    await act('remove poster.png from the list');
    // Then the screen shows: the list without poster.png
    await shows('editing');

    // 4. clear the name of clip.mp4
    await act('clear the name of clip.mp4');
    // Then the screen shows: "Name" of clip.mp4 is empty and marked "This field is required"; "Upload" is disabled
    await shows('editing');

    // 5. name clip.mp4 "Clip"
    await act('name clip.mp4 "Clip"');
    // Then the screen shows: "Name" of clip.mp4 reads Clip
    await shows('editing');

    // 6. press "Upload"
    await act('press "Upload"');
    // Then the screen shows: clip.mp4 "Uploading" with its progress bar; the fields are gone; the button "Cancel all"
    await shows('uploading.sending');

    // 7. the server stores the file
    await act('the server stores the file');
    // Then the screen shows: clip.mp4 "Uploaded"; its bar full and green; "1 uploaded, 0 failed, 0 cancelled."; the
    // button "Close"; a success toast "Successfully added"
    await shows('finished');

    // 8. press "Upload more"
    await act('press "Upload more"');
    // Then the screen shows: the dialog "Add media" with an empty list and "Choose files"
    await shows('editing');

    // 9. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    // Then the screen shows: under "Files to upload": clip.mp4 "Ready to upload", poster.png "Ready to upload", each
    // with its "Name" (the file name), "Description", "Screen position" and "Device type"
    await shows('editing');

    // 10. press "Upload"
    await act('press "Upload"');
    // Then the screen shows: clip.mp4 "Uploading" with its progress bar; poster.png "Waiting"; the fields are gone;
    // the button "Cancel all"
    await shows('uploading.sending');

    // 11. the server refuses the file (invalid content format)
    await act('the server refuses the file (invalid content format)');
    // Then the screen shows: clip.mp4 "Failed"; in red "Invalid content format!"; the button "Retry"; poster.png
    // "Uploading"
    await shows('uploading.sending');

    // 12. cancel poster.png
    await act('cancel poster.png');
    // Then the screen shows: poster.png "Cancelled"; the button "Retry"; "0 uploaded, 1 failed, 1 cancelled."; the
    // button "Close"; an error toast "Error while adding"
    await shows('finished');

    // 13. retry clip.mp4
    await act('retry clip.mp4');
    // Then the screen shows: clip.mp4 "Uploading" again; the button "Cancel all"
    await shows('uploading.sending');

    // 14. cancel clip.mp4
    await act('cancel clip.mp4');
    // Then the screen shows: clip.mp4 "Cancelled"; the button "Retry"; "0 uploaded, 0 failed, 2 cancelled."; the
    // button "Close"
    await shows('finished');
    await end();
  }, 210_000);

  it('path 2 from start: 9 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with media edit rights), /media; on your computer a short video clip.mp4, a picture
    // poster.png and any video huge.mp4 over 250 MB; press "Add media" (the dialog "Add media" opens).
    await start('start');
    await shows('editing');

    // 1. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    // Then the screen shows: under "Files to upload": clip.mp4 "Ready to upload", poster.png "Ready to upload", each
    // with its "Name" (the file name), "Description", "Screen position" and "Device type"
    await shows('editing');

    // 2. press "Upload"
    await act('press "Upload"');
    // Then the screen shows: clip.mp4 "Uploading" with its progress bar; poster.png "Waiting"; the fields are gone;
    // the button "Cancel all"
    await shows('uploading.sending');

    // 3. cancel poster.png
    await act('cancel poster.png');
    // Then the screen shows: poster.png "Cancelled"; the button "Retry"
    await shows('uploading.sending');

    // 4. press "Cancel all"
    await act('press "Cancel all"');
    // Then the screen shows: clip.mp4 "Cancelled"; "0 uploaded, 0 failed, 2 cancelled."; the button "Close"
    await shows('finished');

    // 5. press "Upload more"
    await act('press "Upload more"');
    // Then the screen shows: the dialog "Add media" with an empty list and "Choose files"
    await shows('editing');

    // 6. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    // Then the screen shows: under "Files to upload": clip.mp4 "Ready to upload", poster.png "Ready to upload", each
    // with its "Name" (the file name), "Description", "Screen position" and "Device type"
    await shows('editing');

    // 7. press "Upload"
    await act('press "Upload"');
    // Then the screen shows: clip.mp4 "Uploading" with its progress bar; poster.png "Waiting"; the fields are gone;
    // the button "Cancel all"
    await shows('uploading.sending');

    // 8. the server refuses the file (invalid content format)
    await act('the server refuses the file (invalid content format)');
    // Then the screen shows: clip.mp4 "Failed"; in red "Invalid content format!"; the button "Retry"; poster.png
    // "Uploading"
    await shows('uploading.sending');

    // 9. retry clip.mp4
    await act('retry clip.mp4');
    // Then the screen shows: clip.mp4 "Waiting"
    await shows('uploading.sending');
    await end();
  }, 135_000);
});
