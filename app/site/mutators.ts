import {defineMutator} from '@rocicorp/zero';
import {assertAdmin} from '../../permissions/context.ts';
import {siteUpdateSchema} from './schema.ts';

export const siteMutators = {
  /** An administrator flips site-wide switches; everyone's open screens follow at once. */
  update: defineMutator(siteUpdateSchema, async ({tx, ctx, args}) => {
    assertAdmin(ctx);
    await tx.mutate.siteSetting.update({...args, id: 'site', updatedAt: Date.now()});
  }),
};
