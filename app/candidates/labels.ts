import type {Gender} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

export const genderLabel: Record<Gender, () => string> = {male: m.gender_male, female: m.gender_female};
