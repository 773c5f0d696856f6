import { strFromU8, unzipSync } from 'fflate';

/** What a reader sees of an xlsx beyond its values: sheet names, whether row 1 is frozen and bold on each sheet. */
export interface XlsxLook {
  sheets: string[];
  /** Per sheet: the header row stays in view (a frozen pane below row 1). */
  frozenHeader: boolean[];
  /** Per sheet: every cell of row 1 uses a bold font. */
  boldHeader: boolean[];
}

/** Reads the look of an xlsx from its XML parts (the house standard: every export looks the same). */
export function xlsxLook(file: Uint8Array): XlsxLook {
  const parts = unzipSync(file);
  const text = (name: string) => strFromU8(parts[name]!);
  const workbook = text('xl/workbook.xml');
  const sheets = [...workbook.matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const styles = text('xl/styles.xml');
  const fonts = [...(/<fonts\b[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? '').matchAll(/<font\b[^>]*?(?:\/>|>([\s\S]*?)<\/font>)/g)].map((m) => /<b\s*\/>|<b\s+val="(?:1|true)"/.test(m[1] ?? ''));
  const cellFonts = [...(/<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf\b([^>]*)/g)].map((m) => Number(/fontId="(\d+)"/.exec(m[1]!)?.[1] ?? 0));
  const sheetFiles = sheets.map((_, i) => `xl/worksheets/sheet${i + 1}.xml`);
  return {
    sheets,
    frozenHeader: sheetFiles.map((name) => /<pane\b[^>]*ySplit="1"[^>]*state="frozen"/.test(text(name))),
    boldHeader: sheetFiles.map((name) => {
      const row = /<row\b[^>]*\br="1"[^>]*>([\s\S]*?)<\/row>/.exec(text(name))?.[1] ?? '';
      const cells = [...row.matchAll(/<c\b([^>]*)/g)].map((m) => Number(/\bs="(\d+)"/.exec(m[1]!)?.[1] ?? 0));
      return cells.length > 0 && cells.every((style) => fonts[cellFonts[style] ?? 0] === true);
    }),
  };
}
