import {defineMutator, defineMutators} from '@rocicorp/zero';
import type {mutators as registry} from './mutator-registry.ts';

type Registry = typeof registry;

/**
 * Every mutator's name, by feature: what Zero's client must know when it starts (each write and each replay is
 * looked up by name). tests/unit/mutators.test.ts holds it to app/mutator-registry.ts.
 */
export const MUTATOR_NAMES = {
  activities: ['create', 'update', 'delete', 'snooze', 'setStatus', 'nextStage', 'comment', 'transfer'],
  cards: [
    'create',
    'save',
    'delete',
    'restore',
    'close',
    'reopen',
    'setState',
    'approve',
    'discard',
    'setDatabase',
    'setVisibility',
    'restoreValue',
  ],
  notes: ['add', 'remove', 'restore'],
  presence: ['beat', 'leave'],
  settings: ['update'],
  site: ['update'],
  staff: ['create', 'update', 'approve', 'block', 'unblock', 'setPermissions'],
  institutions: ['create', 'update', 'retire'],
  sectors: ['create', 'rename', 'reorder', 'retire'],
  communities: ['create', 'rename', 'reorder', 'retire'],
  representatives: ['create', 'update', 'retire'],
  registrationLinks: ['create', 'revoke'],
  benefitCards: ['issue', 'revoke'],
  notifications: ['create', 'update', 'setActive'],
  savedSearches: ['create', 'update', 'delete', 'pin', 'unpin', 'reorderPins'],
  engagedCouples: ['record', 'report', 'confirm', 'reject', 'undo', 'edit'],
  excelFormats: ['create', 'update', 'delete'],
  scores: ['setPoints', 'setGoal', 'removeGoal'],
  chats: ['create', 'send', 'markRead'],
  pageFolders: ['create', 'update', 'delete'],
  pages: ['create', 'save', 'delete'],
  ideas: ['send', 'accept', 'decline'],
} as const satisfies {[F in Exclude<keyof Registry, '~'>]: ReadonlyArray<Exclude<keyof Registry[F], '~'> & string>};

let loading: Promise<Registry> | undefined;

/**
 * The mutators' code (every feature's checks and schemas, libphonenumber among them: a tenth of the first staff
 * screen's script) comes with the first write, or earlier with the first touch or key that may lead to one
 * (app/shell/Shell.tsx). A failed fetch is tried again at the next write.
 */
export function loadMutators(): Promise<Registry> {
  loading ??= import('./mutator-registry.ts').then(
    module => module.mutators,
    error => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

type RunOptions = Parameters<Registry['site']['update']['fn']>[0];

/**
 * The browser's registry: each write by the registry's name, run by the registry's own mutator once its code is
 * here (its schema checks the arguments there, and the server checks them again).
 */
export const mutators = defineMutators(
  Object.fromEntries(
    Object.entries(MUTATOR_NAMES).map(([feature, names]) => [
      feature,
      Object.fromEntries(
        names.map(name => [
          name,
          defineMutator(async (options: RunOptions) => {
            const real = (await loadMutators())[feature as keyof Registry] as Record<
              string,
              {fn: (o: RunOptions) => Promise<void>}
            >;
            await real[name]!.fn(options);
          }),
        ]),
      ),
    ]),
  ),
) as unknown as Registry;
