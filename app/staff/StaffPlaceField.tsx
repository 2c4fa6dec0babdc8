import {useQuery} from '@rocicorp/zero/react';
import {Field, Select} from '../ui/controls.tsx';
import {queries} from '../queries.ts';
import {placeOf} from './schema.ts';
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
  const [communities] = useQuery(queries.lookups.communities());
  const [institutions] = useQuery(queries.institutions.all());
  const kept = placeOf(held);
  return (
    <Field label={`${m.representative_place()} *`} error={error}>
      {props => (
        <Select {...props} name="place" value={value} onChange={e => onChange(e.target.value)} data-testid="staff-place">
          <option value="">{m.card_choose()}</option>
          <optgroup label={m.communities_title()}>
            {communities
              .filter(c => c.retiredAt == null || c.id === kept.communityID)
              .map(c => (
                <option key={c.id} value={`community:${c.id}`}>
                  {c.name}
                </option>
              ))}
          </optgroup>
          <optgroup label={m.section_schools()}>
            {institutions
              .filter(i => i.retiredAt == null || i.id === kept.institutionID)
              .map(i => (
                <option key={i.id} value={`institution:${i.id}`}>
                  {i.name}
                </option>
              ))}
          </optgroup>
        </Select>
      )}
    </Field>
  );
}
