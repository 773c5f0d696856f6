import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { defaultMediaName, uploadMachine, type UploadItem } from './upload.machine.ts';
import { infoErrors, percentOf, selectBatchProgress, selectIsBusy, selectIsEditing, selectItems, selectSummary } from './upload.selectors.ts';

const item = (patch: Partial<UploadItem>): UploadItem => ({
  id: '1',
  file: { name: 'a.mp4', size: 200 },
  info: { name: 'a', screen_position: 'horizontal', device_type: 'tvpi' },
  status: 'uploading',
  loaded: 0,
  total: 200,
  error: null,
  media: null,
  ...patch,
});

describe('upload selectors', () => {
  it('gives whole percents, 100 once done, 0 for an empty file', () => {
    expect(percentOf(item({ loaded: 99 }))).toBe(49);
    expect(percentOf(item({ loaded: 10, status: 'done' }))).toBe(100);
    expect(percentOf(item({ total: 0 }))).toBe(0);
    expect(percentOf(item({ loaded: 300 }))).toBe(100);
  });

  it('sums the batch without rejected and cancelled files', () => {
    const actor = createActor(uploadMachine, { input: {} }).start();
    actor.send({ type: 'upload.add', files: [{ name: 'a.mp4', size: 100 }, { name: 'huge.mp4', size: 262144001 }] });
    const snapshot = actor.getSnapshot();
    expect(selectItems(snapshot).map((i) => i.status)).toEqual(['ready', 'rejected']);
    expect(selectBatchProgress(snapshot)).toEqual({ loaded: 0, total: 100 });
    expect(selectIsEditing(snapshot)).toBe(true);
    expect(selectIsBusy(snapshot)).toBe(false);
    expect(selectSummary(snapshot)).toEqual({ done: 0, failed: 0, cancelled: 0 });
    actor.stop();
  });
});

describe('infoErrors', () => {
  it('names a blank name and an unknown position', () => {
    expect(infoErrors(item({}))).toEqual({});
    expect(infoErrors(item({ info: { name: ' ', screen_position: 'sideways' as never, device_type: 'tvpi' } }))).toEqual({ name: 'required', screen_position: 'invalid' });
  });
});

describe('defaultMediaName', () => {
  it('keeps the extension, so image.png and image.jpg are told apart; a long name loses base characters, not its extension', () => {
    expect([defaultMediaName({ name: 'image.png' }), defaultMediaName({ name: 'image.jpg' }), defaultMediaName({ name: ' clip.final.mp4 ' })]).toEqual(['image.png', 'image.jpg', 'clip.final.mp4']);
    const long = defaultMediaName({ name: `${'я'.repeat(300)}.webm` });
    expect([long.length, long.endsWith('я.webm')]).toEqual([255, true]);
  });
});
