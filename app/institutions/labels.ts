import type {InstitutionType} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

export const TYPE_LABEL: Record<InstitutionType, () => string> = {
  yeshiva: m.institution_type_yeshiva,
  seminary: m.institution_type_seminary,
};
