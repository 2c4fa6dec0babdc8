import {customAlphabet, nanoid} from 'nanoid';

/** A fresh mobile number (+97250…) no other test user has. */
export const mobile = () => `050-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** Letters only: a name with three digits in it would also find every phone number holding them. */
export const nameTag = customAlphabet('abcdefghijklmnopqrstuvwxyz', 8);

/** A new staff member's form, as staff.create takes it, with a name and a mobile of their own. */
export const staff = (over: Record<string, unknown> = {}) => ({
  id: `s-${nanoid(8)}`,
  name: `שדכן ${nameTag()}`,
  phone: mobile(),
  landline: '',
  gender: 'female',
  role: 'shadchan',
  email: '',
  employment: 'external',
  printNotes: '',
  availableHours: '',
  ...over,
});
