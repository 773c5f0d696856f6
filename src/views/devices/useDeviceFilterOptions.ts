import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { deviceCompanyOptionsMachine } from '../../machines/devices/deviceCompanyOptions.machine.ts';
import { deviceOfficeOptionsMachine } from '../../machines/devices/deviceOfficeOptions.machine.ts';
import type { Company, Office } from '../../services/devices.service.ts';

/** Companies, and the offices of `company` (every office when none), for the location filter and the form. */
export function useLocationOptions(company?: number): { companies: Company[]; offices: Office[] } {
  const companiesActor = useActorRef(deviceCompanyOptionsMachine);
  const officesActor = useActorRef(deviceOfficeOptionsMachine);
  useEffect(() => companiesActor.send({ type: 'fetch.load' }), [companiesActor]);
  useEffect(() => officesActor.send({ type: 'fetch.load', params: { company } }), [officesActor, company]);
  const companies = useSelector(companiesActor, (s) => s.context.data) ?? [];
  const offices = useSelector(officesActor, (s) => s.context.data) ?? [];
  return { companies, offices };
}
