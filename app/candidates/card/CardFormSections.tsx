import {useQuery} from '@rocicorp/zero/react';
import {queries} from '../../queries.ts';
import type {MergeView} from '../../ui/MergeMark.tsx';
import {CardFormFields, type Props} from './CardFormFields.tsx';
import {mergeMark} from './merge-mark.tsx';

/**
 * The staff screens' form: the option lists come live from Zero. On the edit form, `merge` marks the fields that
 * took someone else's save and those in conflict.
 */
export function CardFormSections({merge, ...props}: Omit<Props, 'markField'> & {merge?: MergeView | undefined}) {
  const [sectors] = useQuery(queries.lookups.sectors());
  const [statuses] = useQuery(queries.lookups.statuses());
  const [communities] = useQuery(queries.lookups.communities());
  const [institutions] = useQuery(queries.institutions.all());
  const lookups = {sectors, statuses, communities, institutions};
  return <CardFormFields {...props} lookups={lookups} markField={merge && mergeMark(merge, lookups, props.form)} />;
}
