import { describe, expect, it } from 'vitest';
import { tagSheetOf } from './deviceTagsImport.service.ts';

describe('tagSheetOf', () => {
  it('takes the columns the headers name, in any order, and the file row of each serial', () => {
    const sheet = tagSheetOf([['Name', 'Теги', 'Серийный номер'], ['Hall', 'lobby, floor 2', 'SN-1'], [null, null, null], ['Desk', '', ' SN-2 ']]);
    expect(sheet).toEqual({ rows: [{ sn: 'SN-1', tags: ['lobby', 'floor 2'] }, { sn: 'SN-2', tags: [] }], lines: [2, 4] });
  });

  it('takes the first two columns when no header names them, and leaves out rows without a serial', () => {
    expect(tagSheetOf([['SN-7', 'cafe'], ['', 'lost'], [8, 'hall,  ,lobby']])).toEqual({ rows: [{ sn: 'SN-7', tags: ['cafe'] }, { sn: '8', tags: ['hall', 'lobby'] }], lines: [1, 3] });
  });
});
