import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { loadOidcMappings, type OidcGroupMapping, type OidcStatus } from '../../services/oidc.service.ts';

/** /groups' single sign-on mappings (issue 40) and whether single sign-on is configured, in one fetch status. */
export const oidcMappingListMachine = createFetchStatusMachine<{ mappings: OidcGroupMapping[]; sso: OidcStatus }, null>(null).provide({
  actors: { load: fromPromise(async () => loadOidcMappings()) },
});
