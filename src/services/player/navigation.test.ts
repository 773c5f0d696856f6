import { describe, expect, it } from 'vitest';
import { fitBox, FULL_SCREEN, mapArea, normalizeMap, showsMap } from './navigation.ts';

describe('the player map', () => {
  it('reads the navigation answer, dropping unknown marker kinds and keeping the placeholder on the screen', () => {
    const map = normalizeMap({
      version: 2,
      object: { id: 4, name: 'Floor', layout: '/api/v1/player/navigation/layout/?v=ab', width: 1600, height: 900 },
      position: { x: 0.3, y: 1.4 },
      comment: 'Lifts',
      placeholder: { x: 0.9, y: 0, width: 0.4, height: 1 },
      markers: [
        { id: 1, kind: 'toilet', device: null, x: 0.1, y: 0.2, color: '#123456', description: 'WC', photo: null },
        { id: 2, kind: 'rocket', x: 0.1, y: 0.2 },
      ],
    });
    expect(map).toEqual({
      version: 2,
      object: { name: 'Floor', layout: '/api/v1/player/navigation/layout/?v=ab', width: 1600, height: 900 },
      position: { x: 0.3, y: 1 },
      comment: 'Lifts',
      placeholder: { x: 0.6, y: 0, width: 0.4, height: 1 },
      markers: [{ id: 1, kind: 'toilet', device: null, x: 0.1, y: 0.2, color: '#123456', description: 'WC' }],
    });
    expect(showsMap({ map, layout: null })).toBe(true);
    expect(showsMap({ map: normalizeMap({ version: 0, object: null }), layout: null })).toBe(false);
    expect(showsMap({ map: { ...map, object: null }, layout: null })).toBe(false);
  });

  it('puts the map in the largest strip beside the placeholder, or the whole screen when none is big enough', () => {
    expect(mapArea({ x: 0.6, y: 0, width: 0.4, height: 1 })).toEqual({ x: 0, y: 0, width: 0.6, height: 1 });
    expect(mapArea({ x: 0, y: 0, width: 0.3, height: 1 })).toEqual({ x: 0.3, y: 0, width: 0.7, height: 1 });
    expect(mapArea({ x: 0, y: 0.7, width: 1, height: 0.3 })).toEqual({ x: 0, y: 0, width: 1, height: 0.7 });
    expect(mapArea({ x: 0.05, y: 0.05, width: 0.9, height: 0.9 })).toEqual(FULL_SCREEN);
    expect(fitBox(1600, 900, { x: 0, y: 0, width: 800, height: 900 })).toEqual({ x: 0, y: 225, width: 800, height: 450 });
  });
});
