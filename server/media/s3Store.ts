import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StoreConfig } from '../config.ts';
import { checkedKey, mediaKeys, sweepDir, tempStem, type MediaStore } from './storage.ts';

/** Uploads in flight live under this prefix until their commit moves them (a crash leaves them to `sweepTemp`). */
const TEMP_PREFIX = 'tmp/';
/** 5 MB parts (S3's least), 4 in flight: about 20 MB of one upload in memory (lib-storage buffers queueSize x partSize). */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 4;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return statusOf(error) === 404 || name === 'NotFound' || name === 'NoSuchKey';
}

function enoent(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
}

/** A store that does not implement an optional call (s3rver lacks the multipart listing) answers 405 or 501. */
function notImplemented(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return statusOf(error) === 501 || statusOf(error) === 405 || name === 'NotImplemented' || name === 'MethodNotAllowed';
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph RGW ...): uploads stream through lib-storage's multipart Upload
 * (aborted on failure, so nothing is left), reads are GetObject with Range, tools work on downloaded copies in
 * `scratchDir` (local to this instance).
 */
export function createS3Store(config: S3StoreConfig, scratchDir: string): MediaStore {
  // The SDK's own switch for exactly one warning: on Node 20 its first client warns (process.emitWarning) that its releases
  // after January 2027 need Node 22. Vitrine supports Node 20 and pins its SDK; an operator's log should not carry that
  // on every start. An operator who sets the variable decides.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where the API requires them: MinIO, Ceph and s3rver releases predating the SDK's CRC32 default
    // refuse the aws-chunked trailers it would otherwise send with every streamed part.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const scratchPath = (ext = 'part') => path.join(scratchDir, `${tempStem()}.${ext}`);

  async function put(key: string, body: Readable, contentType?: string): Promise<number> {
    let bytes = 0;
    const counted = new Transform({
      highWaterMark: 1024 * 1024,
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const piping = pipeline(body, counted);
    const upload = new Upload({
      client,
      params: { Bucket, Key: checkedKey(key), Body: counted, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    // A failing body (the size limit, a dropped connection) errors `counted`, which fails the parts being read: lib-storage
    // then sends AbortMultipartUpload before done() rejects, so the parts are gone when this rejects. (Upload.abort()
    // would reject done() at once and abort the multipart upload later, if at all.)
    const uploading = upload.done().catch((error: unknown) => {
      counted.destroy(error as Error);
      throw error;
    });
    const [piped, uploaded] = await Promise.allSettled([piping, uploading]);
    if (piped.status === 'rejected' || uploaded.status === 'rejected') {
      body.destroy();
      throw piped.status === 'rejected' ? piped.reason : (uploaded as PromiseRejectedResult).reason;
    }
    return bytes;
  }

  async function listAll(prefix: string): Promise<{ key: string; modified: Date }[]> {
    const found: { key: string; modified: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) found.push({ key: item.Key, modified: item.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function removeKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 1) await client.send(new DeleteObjectCommand({ Bucket, Key: batch[0] }));
      else await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  /** Aborts multipart uploads started before the cutoff (a process that died mid-upload); a store without the listing answers 0. */
  async function abortStaleUploads(cutoff: number): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      for (;;) {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated.getTime() > cutoff)) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          aborted += 1;
        }
        if (!page.IsTruncated) return aborted;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    } catch (error) {
      if (notImplemented(error)) return aborted;
      throw error;
    }
  }

  return {
    kind: 's3',
    ...mediaKeys,
    newTempKey: () => `${TEMP_PREFIX}${tempStem()}`,
    scratchPath,
    async ensure() {
      await fsp.mkdir(scratchDir, { recursive: true });
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isMissing(error)) throw error;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },
    put,
    async putFile(key, file, contentType) {
      try {
        return await put(key, fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), contentType);
      } finally {
        await fsp.rm(file, { force: true });
      }
    },
    async move(from, to) {
      await client.send(new CopyObjectCommand({ Bucket, Key: checkedKey(to), CopySource: `${Bucket}/${checkedKey(from)}` }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw enoent(key);
        throw error;
      }
    },
    async localCopy(key, signal) {
      await fsp.mkdir(scratchDir, { recursive: true });
      const copy = scratchPath(path.extname(key).slice(1) || 'bin');
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }), { abortSignal: signal });
        await pipeline(object.Body as Readable, fs.createWriteStream(copy, { highWaterMark: 1024 * 1024 }), { signal });
      } catch (error) {
        await fsp.rm(copy, { force: true });
        if (isMissing(error)) throw enoent(key);
        throw error;
      }
      return { path: copy, release: () => fsp.rm(copy, { force: true }) };
    },
    async remove(keys) {
      await removeKeys(keys.filter((key): key is string => !!key).map(checkedKey));
    },
    async removePrefix(prefix) {
      await removeKeys((await listAll(checkedKey(prefix.replace(/\/$/, '')) + '/')).map((item) => item.key));
    },
    async list(prefix) {
      return (await listAll(prefix)).map((item) => item.key).sort();
    },
    async sweepTemp(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      const stale = (await listAll(TEMP_PREFIX)).filter((item) => item.modified.getTime() <= cutoff).map((item) => item.key);
      await removeKeys(stale);
      const aborted = await abortStaleUploads(cutoff);
      return stale.length + aborted + (await sweepDir(scratchDir, olderThanMs));
    },
    async presignedUrl(key, seconds, downloadName, contentType) {
      const command = new GetObjectCommand({
        Bucket,
        Key: checkedKey(key),
        ResponseContentType: contentType,
        ResponseContentDisposition: downloadName ? `inline; filename*=UTF-8''${encodeURIComponent(downloadName)}` : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
  };
}
