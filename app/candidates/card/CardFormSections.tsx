import {useQuery} from '@rocicorp/zero/react';
import {institutionQueries} from '../../institutions/queries.ts';
import {lookupQueries} from '../../lookups.ts';
import type {MergeView} from '../../ui/MergeMark.tsx';
import {CardFormFields, type Props} from './CardFormFields.tsx';
import {mergeMark} from './merge-mark.tsx';

/**
 * The staff screens' form: the option lists come live from Zero. On the edit form, `merge` marks the fields that
 * took someone else's save and those in conflict.
 */
export function CardFormSections({merge, ...props}: Omit<Props, 'markField'> & {merge?: MergeView | undefined}) {
  const [sectors] = useQuery(lookupQueries.sectors());
  const [statuses] = useQuery(lookupQueries.statuses());
  const [communities] = useQuery(lookupQueries.communities());
  const [institutions] = useQuery(institutionQueries.all());
  const lookups = {sectors, statuses, communities, institutions};
  return <CardFormFields {...props} lookups={lookups} markField={merge && mergeMark(merge, lookups, props.form)} />;
}
