import {useQuery} from '@rocicorp/zero/react';
import {Field, Select} from '../ui/controls.tsx';
import {institutionQueries} from '../institutions/queries.ts';
import {lookupQueries} from '../lookups.ts';
import * as m from '../paraglide/messages.js';

/**
 * The community or institution a coordinator or representative serves (spec §6, issue 30): one choice
 * over both, grouped. Retired places are offered for no new choice; the one the user holds stays.
 */
export function StaffPlaceField({
  value,
  held,
  error,
  onChange,
}: {
  value: string;
  held: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [communities] = useQuery(lookupQueries.communities());
  const [institutions] = useQuery(institutionQueries.all());
  const groups = [
    {kind: 'community', label: m.communities_title(), places: communities},
    {kind: 'institution', label: m.section_schools(), places: institutions},
  ] as const;
  return (
    <Field label={`${m.representative_place()} *`} error={error}>
      {props => (
        <Select {...props} name="place" value={value} onChange={e => onChange(e.target.value)} data-testid="staff-place">
          <option value="">{m.card_choose()}</option>
          {groups.map(group => (
            <optgroup key={group.kind} label={group.label}>
              {group.places
                .filter(place => place.retiredAt == null || `${group.kind}:${place.id}` === held)
                .map(place => (
                  <option key={place.id} value={`${group.kind}:${place.id}`}>
                    {place.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
      )}
    </Field>
  );
}
