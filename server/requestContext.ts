import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code a request runs may need to know about how it was authenticated, without passing the request down. */
export interface RequestContext {
  /** The API token the request presented (issue 40), for the journal: entries name it. */
  apiToken?: { id: number; name: string };
}

/** Entered for every request by an onRequest hook (server/app.ts); absent outside a request (workers, start-up). */
export const requestContext = new AsyncLocalStorage<RequestContext>();
