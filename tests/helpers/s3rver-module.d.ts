/** The part of s3rver 3.7 (a Koa application, shipped without types) the test harness uses. */
declare module 's3rver' {
  interface KoaContext {
    path: string;
    method: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
  type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    middleware: Middleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
