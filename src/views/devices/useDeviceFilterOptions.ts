import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../../machines/fetchStatus.machine.ts';
import { listCompanies, listOffices, type Company, type Office } from '../../services/devices.service.ts';

const companiesMachine = createFetchStatusMachine<Company[], void>().provide({ actors: { load: fromPromise(() => listCompanies()) } });
const officesMachine = createFetchStatusMachine<Office[], { company?: number }>({}).provide({
  actors: { load: fromPromise(({ input }) => listOffices(input.params?.company)) },
});

/** Companies, and the offices of `company` (every office when none), for the location filter and the form. */
export function useLocationOptions(company?: number): { companies: Company[]; offices: Office[] } {
  const companiesActor = useActorRef(companiesMachine);
  const officesActor = useActorRef(officesMachine);
  useEffect(() => companiesActor.send({ type: 'fetch.load' }), [companiesActor]);
  useEffect(() => officesActor.send({ type: 'fetch.load', params: { company } }), [officesActor, company]);
  const companies = useSelector(companiesActor, (s) => s.context.data) ?? [];
  const offices = useSelector(officesActor, (s) => s.context.data) ?? [];
  return { companies, offices };
}
