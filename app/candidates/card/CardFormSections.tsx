import {useQuery} from '@rocicorp/zero/react';
import {queries} from '../../queries.ts';
import {CardFormFields, type Props} from './CardFormFields.tsx';

/** The staff screens' form: the option lists come live from Zero. */
export function CardFormSections(props: Props) {
  const [sectors] = useQuery(queries.lookups.sectors());
  const [statuses] = useQuery(queries.lookups.statuses());
  const [communities] = useQuery(queries.lookups.communities());
  const [institutions] = useQuery(queries.institutions.all());
  return <CardFormFields {...props} lookups={{sectors, statuses, communities, institutions}} />;
}
