import {defineMutator} from '@rocicorp/zero';
import {assertAdmin} from '../../permissions/context.ts';
import {siteUpdateSchema} from './schema.ts';

export const siteMutators = {
  /**
   * An administrator flips site-wide switches (open screens follow at once) or sets the default language
   * (browsers without a choice of their own show it from their next page load).
   */
  update: defineMutator(siteUpdateSchema, async ({tx, ctx, args}) => {
    assertAdmin(ctx);
    await tx.mutate.siteSetting.update({...args, id: 'site', updatedAt: Date.now()});
  }),
};
