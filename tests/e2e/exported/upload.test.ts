// One upload batch of the add-media form: the QA paths of the upload machine in Chromium, against the real app and
// server.
// Written by `npm run qa:export -- upload` from the catalogue tests/model/media/upload.qa.ts (the paths, the state
// each step reaches) and the adapter tests/e2e/paths/upload.adapter.ts (each step's user action, the outcomes
// arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported/upload.test.ts
import { describe, it } from 'vitest';
import { uploadAdapter } from '../paths/upload.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(uploadAdapter);

describe('upload in the browser', () => {
  it('path 1 from start: 14 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start: start.
    await start('start');
    await shows('editing');

    // 1. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    await shows('editing');

    // 2. pick huge.mp4, one byte over 250 MB
    await act('pick huge.mp4, one byte over 250 MB');
    await shows('editing');

    // 3. remove poster.png from the list
    await act('remove poster.png from the list');
    await shows('editing');

    // 4. clear the name of clip.mp4
    await act('clear the name of clip.mp4');
    await shows('editing');

    // 5. name clip.mp4 "Clip"
    await act('name clip.mp4 "Clip"');
    await shows('editing');

    // 6. press "Upload"
    await act('press "Upload"');
    await shows('uploading.sending');

    // 7. the server stores the file
    await act('the server stores the file');
    await shows('finished');

    // 8. press "Upload more"
    await act('press "Upload more"');
    await shows('editing');

    // 9. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    await shows('editing');

    // 10. press "Upload"
    await act('press "Upload"');
    await shows('uploading.sending');

    // 11. the server refuses the file (invalid content format)
    await act('the server refuses the file (invalid content format)');
    await shows('uploading.sending');

    // 12. cancel poster.png
    await act('cancel poster.png');
    await shows('finished');

    // 13. retry clip.mp4
    await act('retry clip.mp4');
    await shows('uploading.sending');

    // 14. cancel clip.mp4
    await act('cancel clip.mp4');
    await shows('finished');
    await end();
  });

  it('path 2 from start: 9 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start: start.
    await start('start');
    await shows('editing');

    // 1. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    await shows('editing');

    // 2. press "Upload"
    await act('press "Upload"');
    await shows('uploading.sending');

    // 3. cancel poster.png
    await act('cancel poster.png');
    await shows('uploading.sending');

    // 4. press "Cancel all"
    await act('press "Cancel all"');
    await shows('finished');

    // 5. press "Upload more"
    await act('press "Upload more"');
    await shows('editing');

    // 6. pick clip.mp4 (1000 bytes) and poster.png (500 bytes)
    await act('pick clip.mp4 (1000 bytes) and poster.png (500 bytes)');
    await shows('editing');

    // 7. press "Upload"
    await act('press "Upload"');
    await shows('uploading.sending');

    // 8. the server refuses the file (invalid content format)
    await act('the server refuses the file (invalid content format)');
    await shows('uploading.sending');

    // 9. retry clip.mp4
    await act('retry clip.mp4');
    await shows('uploading.sending');
    await end();
  });
});
