import { describe, expect, it } from 'vitest';
import { readCsv, tableOf } from './datasets.ts';

describe('readCsv', () => {
  it('reads RFC 4180 fields: quotes, doubled quotes, delimiters and line breaks inside quotes, CRLF, LF and CR', () => {
    expect(readCsv('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\n1,,3\r4,5,6')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['1', null, '3'],
      ['4', '5', '6'],
    ]);
  });

  it('takes the most frequent of comma, semicolon and tab in the first line as the delimiter', () => {
    expect(readCsv('Dish;Price;Note\nSoup;4,50;"a;b"\n')).toEqual([['Dish', 'Price', 'Note'], ['Soup', '4,50', 'a;b']]);
    expect(readCsv('Dish\tPrice\nSoup\t4,50\n')).toEqual([['Dish', 'Price'], ['Soup', '4,50']]);
  });
});

describe('tableOf', () => {
  it('names empty and repeated headers, drops empty edge rows and right columns, pads short rows', () => {
    expect(tableOf([[null, null], ['Name', null, 'name', null], ['Soup', 'x'], [null], [null, null]])).toEqual({
      columns: [{ name: 'Name' }, { name: 'Column 2' }, { name: 'name (2)' }],
      rows: [['Soup', 'x', null]],
    });
  });
});
