import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/*
 * Where each chunk's bytes come from (issue 37), to read beside `npm run bench -- bundles` (which names the chunks
 * each route loads). Build with source maps into a directory of your own, then point this at it:
 *
 *   npx parcel build index.html --dist-dir /tmp/vitrine-map --log-level warn
 *   npx tsx bench/bundles-sources.ts /tmp/vitrine-map [lines per chunk, 15] [chunk name filter]
 *
 * For every .js with its .map it prints the chunk's size brotli-compressed (quality 11, as dist/'s .br files) and,
 * under it, each package (node_modules/<name>) or source file of ours with the brotli size of the generated code the
 * map attributes to it, compressed on its own: a close estimate (the parts of a chunk compress a little better
 * together), good for ranking. "?" is code the map gives no source (Parcel's module wrappers and helpers).
 * It builds nothing itself: the .parcelrc compresses .map files too, which makes such a build take minutes.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`, per generated line: [column, source index] of each segment (absolute, not relative). */
function decodeMappings(mappings: string): [number, number | undefined][][] {
  const lines: [number, number | undefined][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number | undefined][] = [];
    let column = 0;
    for (const segment of line ? line.split(',') : []) {
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1]!;
      segments.push([column, fields.length > 1 ? source : undefined]);
    }
    lines.push(segments);
  }
  return lines;
}

const brotli = (text: string) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** node_modules/@scope/name/... -> @scope/name; our files keep their path from src/. */
function owner(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1]! : source.replace(/^.*?\bsrc\//, 'src/');
}

interface Chunk {
  file: string;
  bytes: number;
  parts: [string, number][];
}

export function chunkSources(dir: string, filter = ''): Chunk[] {
  const chunks: Chunk[] = [];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js') && name.includes(filter))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    const mapFile = path.join(dir, `${file}.map`);
    const texts = new Map<string, string>();
    if (fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
      const lines = code.split('\n');
      decodeMappings(map.mappings).forEach((segments, index) => {
        const line = lines[index] ?? '';
        segments.forEach((segment, i) => {
          const end = i + 1 < segments.length ? segments[i + 1]![0] : line.length;
          const name = segment[1] === undefined ? '?' : owner(map.sources[segment[1]]!);
          texts.set(name, (texts.get(name) ?? '') + line.slice(segment[0], end));
        });
      });
    }
    const parts = [...texts].map(([name, text]): [string, number] => [name, brotli(text)]).sort((a, b) => b[1] - a[1]);
    chunks.push({ file, bytes: brotli(code), parts });
  }
  return chunks.sort((a, b) => b.bytes - a.bytes);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, lines = '15', filter = ''] = process.argv.slice(2);
  if (!dir || !fs.existsSync(dir)) throw new Error('usage: tsx bench/bundles-sources.ts <dist dir built with source maps> [lines] [filter]');
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  for (const { file, bytes, parts } of chunkSources(dir, filter)) {
    console.log(`${kb(bytes)} KB  ${file}`);
    for (const [name, size] of parts.slice(0, Number(lines))) console.log(`    ${kb(size)}  ${name}`);
  }
}
