import type {RepresentativeRole} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

export const ROLE_LABEL: Record<RepresentativeRole, () => string> = {
  yeshiva: m.representative_role_yeshiva,
  seminary: m.representative_role_seminary,
  community: m.representative_role_community,
};
