import {defineMutator} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertLoggedIn} from '../../permissions/context.ts';
import {ownSettings} from '../../permissions/settings.ts';
import {DEFAULT_LAYOUT, layoutUpdateSchema} from './schema.ts';

export const settingsMutators = {
  /** Changes some of the signed-in user's layout settings; only ever their own row. */
  update: defineMutator(layoutUpdateSchema, async ({tx, ctx, args}) => {
    assertLoggedIn(ctx);
    const current = await tx.run(ownSettings(zql.userSetting, ctx).one());
    await tx.mutate.userSetting.upsert({...DEFAULT_LAYOUT, ...current, ...args, userID: ctx.userID, updatedAt: Date.now()});
  }),
};
