import type {Employment, Gender} from '../../zero-schema.ts';
import type {Role} from '../../permissions/roles.ts';
import {formatPhone} from '../lib/phones.ts';
import {roleBeforeBlock} from './mutators.ts';
import {placeValue, type StaffRole} from './schema.ts';

/** The staff form as typed: strings throughout; staffSchema turns them into the mutators' values. */
export type StaffForm = {
  name: string;
  phone: string;
  landline: string;
  gender: Gender | '';
  role: StaffRole | '';
  email: string;
  employment: Employment;
  printNotes: string;
  availableHours: string;
  /** `community:<id>` or `institution:<id>` for a coordinator or representative (schema.ts placeOf). */
  place: string;
};

export const EMPTY_STAFF: StaffForm = {
  name: '',
  phone: '',
  landline: '',
  gender: '',
  role: 'shadchan',
  email: '',
  employment: 'in_house',
  printNotes: '',
  availableHours: '',
  place: '',
};

type SavedStaff = {
  name: string;
  gender: Gender;
  role: Role;
  blockedFromRole?: Role | null | undefined;
  communityID?: string | null | undefined;
  institutionID?: string | null | undefined;
  detail?: {employment: Employment; printNotes: string; availableHours: string} | undefined;
  contact?: {phone?: string | null; landline?: string | null; email?: string | null} | undefined;
};

/** A saved user as the form shows them; a blocked user's role is the one unblocking gives back. */
export function formOf(user: SavedStaff & {id: string}): StaffForm {
  return {
    name: user.name,
    phone: user.contact?.phone ? formatPhone(user.contact.phone) : '',
    landline: user.contact?.landline ? formatPhone(user.contact.landline) : '',
    gender: user.gender,
    role: roleBeforeBlock(user) as StaffRole,
    email: user.contact?.email ?? '',
    employment: user.detail?.employment ?? EMPTY_STAFF.employment,
    printNotes: user.detail?.printNotes ?? '',
    availableHours: user.detail?.availableHours ?? '',
    place: placeValue(user),
  };
}

export const staffArgs = (id: string, form: StaffForm) => ({id, ...form});

export const formsDiffer = (a: StaffForm, b: StaffForm) => JSON.stringify(a) !== JSON.stringify(b);
