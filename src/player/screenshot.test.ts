import { describe, expect, it } from 'vitest';
import { fitted } from './screenshot.ts';

describe('fitted: where a picture lands under object-fit', () => {
  const box = { x: 10, y: 20, width: 200, height: 100 };
  it('contains a tall picture in the middle of a wide box', () => {
    expect(fitted({ width: 50, height: 100 }, box, 'contain')).toEqual({ x: 85, y: 20, width: 50, height: 100 });
  });
  it('covers the box with a wide picture, centred', () => {
    expect(fitted({ width: 100, height: 100 }, box, 'cover')).toEqual({ x: 10, y: -30, width: 200, height: 200 });
  });
  it('fills the box as it is, and keeps a small picture small under scale-down', () => {
    expect(fitted({ width: 50, height: 100 }, box, 'fill')).toEqual(box);
    expect(fitted({ width: 20, height: 10 }, box, 'scale-down')).toEqual({ x: 100, y: 65, width: 20, height: 10 });
  });
});
