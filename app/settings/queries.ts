import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {ownSettings} from '../../permissions/settings.ts';

export const settingsQueries = {
  /** The signed-in user's layout settings row (absent until they first change something). */
  mine: defineQuery(({ctx}) => ownSettings(zql.userSetting, ctx).one()),
};
