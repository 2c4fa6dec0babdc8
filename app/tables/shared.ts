/**
 * Types and column shapes shared by the Zero tables of several areas (assembled in zero-schema.ts).
 */
import {json, number, string} from '@rocicorp/zero';

/** The UI languages (he is the base, right to left). */
export const LOCALES = ['he', 'en', 'de', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export type Labels = Partial<Record<Locale, string>> & {he: string};
export type Gender = 'male' | 'female';
export type ProfileDatabase = 'general' | 'personal';
export type ProfileState = 'active' | 'blocked' | 'pending' | 'engaged';
export type ProfileVisibility = 'all' | 'chosen';
export type PresenceMode = 'view' | 'edit';
export type FileKind = 'photo' | 'document';
export type Employment = 'in_house' | 'external';

/** Admin-extendable option lists share one shape: a stable id, per-locale labels, an order. */
export const optionColumns = {
  id: string(),
  labels: json<Labels>(),
  sort: number(),
  createdAt: number().from('created_at'),
};
