import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getCompanySummary, type CompanySummary } from '../../services/company.service.ts';

/** The selected company's info on /company (CompanyInfo.tsx): device counts by status, offices, campaigns, in one fetch status (params: the company id). */
export const companySummaryMachine = createFetchStatusMachine<CompanySummary, number>().provide({
  actors: { load: fromPromise(({ input }) => getCompanySummary(input.params)) },
});
