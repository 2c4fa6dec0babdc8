import {OPTIONS, type OptionList} from '../candidates/card/fields.ts';
import * as m from '../paraglide/messages.js';
import type {Reason} from './rules.ts';

/** An option's label (the catalogue's translation), or the stored value when the catalogue no longer has it. */
function option(list: OptionList, value: string | number | undefined): string {
  const labels: Partial<Record<string, () => string>> = OPTIONS[list];
  return labels[String(value)]?.() ?? String(value ?? '');
}

/** A reason for or against a match, in the user's language (the values as the rules named them). */
export function reasonText({key, values: v}: Reason): string {
  const male = v.side === 'male';
  switch (key) {
    case 'sameCity':
      return m.reason_same_city({city: String(v.city)});
    case 'sameCommunity':
      return m.reason_same_community({community: String(v.community)});
    case 'sameOrigin':
      return m.reason_same_origin({origin: option('origin', v.origin)});
    case 'ages':
      return m.reason_ages({his: String(v.his), hers: String(v.hers)});
    case 'agesApart':
      return m.reason_ages_apart({gap: String(v.gap), his: String(v.his), hers: String(v.hers)});
    case 'soughtAges':
      return male ? m.reason_sought_ages_male() : m.reason_sought_ages_female();
    case 'soughtHeight':
      return male ? m.reason_sought_height_male() : m.reason_sought_height_female();
    case 'soughtHeadCovering':
      return m.reason_sought_head_covering({value: option('headCovering', v.value)});
    case 'preferredPlace':
      return (male ? m.reason_preferred_place_male : m.reason_preferred_place_female)({place: String(v.place)});
    case 'preferredInstitution':
      return (male ? m.reason_preferred_institution_male : m.reason_preferred_institution_female)({
        institution: String(v.institution),
      });
    case 'bothSingle':
      return m.reason_both_single();
    case 'bothRemarrying':
      return m.reason_both_remarrying();
    case 'maritalDiffers':
      return m.reason_marital_differs({his: option('maritalStatus', v.his), hers: option('maritalStatus', v.hers)});
    case 'heightUnknown':
      return male ? m.reason_height_unknown_male() : m.reason_height_unknown_female();
    case 'shorter':
      return m.reason_shorter({his: String(v.his), hers: String(v.hers)});
    case 'smokes':
      return male ? m.reason_smokes_male() : m.reason_smokes_female();
    case 'waiting':
      return (male ? m.reason_waiting_male : m.reason_waiting_female)({months: String(v.months)});
  }
}
