import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sha256Js, verifyChecksum } from '../../services/player/checksum.ts';
import { downloadMedia } from '../../services/player/downloads.ts';
import type { ScheduledMedia } from '../../services/player/schedule.ts';
import { memoryMedia } from '../../services/player/storage.ts';
import { playerDownloaderMachine } from './playerDownloader.machine.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const scheduled = (id: number, content: string): ScheduledMedia => ({ id, url: `/api/v1/media/files/${id}/source`, checksum: sha(content), duration: 5, type: 'image/png' });
const credentials = { serial: 'WEB-TEST', key: 'k' };

/** A server whose answers per file come from a list (the last one repeats), counting the requests. */
function fakeServer(answers: Record<number, string[]>) {
  const requests: string[] = [];
  const fetchImpl = (async (url: string | URL, init?: RequestInit) => {
    const id = Number(/files\/(\d+)\//.exec(String(url))![1]);
    requests.push(`${id} ${(init?.headers as Record<string, string>)['x-device-key']}`);
    const list = answers[id];
    if (!list) return new Response('', { status: 404 });
    const body = list.length > 1 ? list.shift()! : list[0]!;
    return new Response(bytes(body), { status: 200, headers: { 'content-type': 'image/png' } });
  }) as typeof fetch;
  return { fetchImpl, requests };
}

function startDownloader(store: ReturnType<typeof memoryMedia>, server: ReturnType<typeof fakeServer>) {
  const announced: number[][] = [];
  const actor = createActor(
    playerDownloaderMachine.provide({
      actors: {
        listStored: fromPromise(() => store.list()),
        evict: fromPromise(({ input }) => store.remove(input.ids)),
        fetchMedia: fromPromise(({ input }) => downloadMedia(input.media, credentials, store, server.fetchImpl, 'http://screen.test')),
      },
      actions: { announceReady: (_, params) => announced.push(params.ready) },
    }),
  ).start();
  return { actor, announced };
}

describe('checksums', () => {
  it('computes SHA-256 in plain JavaScript as node does, at block boundaries too', () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'Привет'.repeat(200)]) expect(sha256Js(bytes(text))).toBe(sha(text));
  });

  it('matches hex with or without a sha256: prefix and leaves other forms unchecked', async () => {
    expect(await verifyChecksum(bytes('abc'), `sha256:${sha('abc').toUpperCase()}`)).toBe('match');
    expect(await verifyChecksum(bytes('abd'), sha('abc'))).toBe('mismatch');
    expect(await verifyChecksum(bytes('abc'), 'md5:900150983cd24fb0d6963f7d28e17f72')).toBe('unchecked');
  });
});

describe('checksums of real files', () => {
  it('checks bytes with crypto.subtle.digest where the page is a secure context, as the server hashes them', async () => {
    // A real image's bytes (the panel's favicon) and the SHA-256 the server would send for them.
    const file = new Uint8Array(readFileSync(`${process.cwd()}/src/assets/favicon.svg`));
    const serverSum = createHash('sha256').update(file).digest('hex');
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    try {
      expect(await verifyChecksum(file, serverSum)).toBe('match');
      expect(digest).toHaveBeenCalledWith('SHA-256', file);
      const corrupted = file.slice();
      corrupted[corrupted.length >> 1]! ^= 1;
      expect(await verifyChecksum(corrupted, serverSum)).toBe('mismatch');
      expect(await verifyChecksum(file.subarray(0, file.length - 1), serverSum)).toBe('mismatch');
    } finally {
      digest.mockRestore();
    }
  });
});

describe('the downloader', () => {
  it('refuses a file whose checksum does not match, fetches it again, and keeps only the good bytes', async () => {
    const store = memoryMedia();
    const server = fakeServer({ 1: ['corrupted', 'good one'] });
    const { actor, announced } = startDownloader(store, server);
    actor.send({ type: 'downloads.want', media: [scheduled(1, 'good one')] });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(server.requests).toEqual(['1 k', '1 k']);
    expect(await store.files.get(1)!.blob.text()).toBe('good one');
    expect(announced.at(-1)).toEqual([1]);
    expect(actor.getSnapshot().context.failed).toEqual([]);
  });

  it('gives a file up after three mismatches and never keeps it', async () => {
    const store = memoryMedia();
    const server = fakeServer({ 1: ['corrupted'], 2: ['fine'] });
    const { actor } = startDownloader(store, server);
    actor.send({ type: 'downloads.want', media: [scheduled(1, 'good one'), scheduled(2, 'fine')] });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(server.requests.filter((r) => r.startsWith('1 '))).toHaveLength(3);
    expect([...store.files.keys()]).toEqual([2]);
    expect(actor.getSnapshot().context).toMatchObject({ ready: [2], failed: [1] });
  });

  it('evicts files no longer scheduled and files kept with another checksum, and keeps the rest without fetching them', async () => {
    const store = memoryMedia();
    const server = fakeServer({ 1: ['one'], 2: ['two'], 3: ['three v2'] });
    const { actor, announced } = startDownloader(store, server);
    actor.send({ type: 'downloads.want', media: [scheduled(1, 'one'), scheduled(2, 'two'), scheduled(3, 'three')] });
    await waitFor(actor, (s) => s.matches('complete'));
    expect([...store.files.keys()].sort()).toEqual([1, 2]);
    server.requests.length = 0;
    // The next schedule drops file 1, keeps 2 and has a new version of 3.
    actor.send({ type: 'downloads.want', media: [scheduled(2, 'two'), scheduled(3, 'three v2')] });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(server.requests).toEqual(['3 k']);
    expect([...store.files.keys()].sort()).toEqual([2, 3]);
    expect(announced.at(-1)).toEqual([2, 3]);
  });
});
