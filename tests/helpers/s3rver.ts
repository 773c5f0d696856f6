import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's own credentials (it checks signatures with them). */
export const S3RVER_KEY = 'S3RVER';

const UPLOADS = '._S3rver_uploads';

/**
 * The bucket of the tests: s3rver (npm) on a free loopback port with its objects in a temp directory. s3rver 3.7 lacks
 * AbortMultipartUpload and ListMultipartUploads; two small handlers in front of its routes add them (over the part
 * folders it keeps in `<bucket>/._S3rver_uploads/<uploadId>`), so a refused upload can be seen leaving nothing.
 */
export async function startS3rver(): Promise<{ endpoint: string; directory: string; close(): Promise<void> }> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const uploadsOf = (bucket: string) => path.join(directory, bucket, UPLOADS);
  server.middleware.unshift(async (ctx, next) => {
    const [, bucket, ...key] = ctx.path.split('/');
    if (!bucket || !/^[a-z0-9.-]+$/.test(bucket)) return next();
    if (ctx.method === 'DELETE' && key.length && typeof ctx.query.uploadId === 'string' && /^[\w-]+$/.test(ctx.query.uploadId)) {
      await fs.rm(path.join(uploadsOf(bucket), ctx.query.uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && !key.filter(Boolean).length && 'uploads' in ctx.query) {
      const ids = await fs.readdir(uploadsOf(bucket)).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const folder = path.join(uploadsOf(bucket), id);
          const [name, stat] = await Promise.all([fs.readFile(path.join(folder, 'key'), 'utf8').catch(() => ''), fs.stat(folder)]);
          return `<Upload><Key>${name}</Key><UploadId>${id}</UploadId><Initiated>${stat.birthtime.toISOString()}</Initiated></Upload>`;
        }),
      );
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    return next();
  });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
