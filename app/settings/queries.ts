import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {ownSettings} from '../../permissions/settings.ts';
import {namedQueries} from '../lib/named-queries.ts';

export const settingsQueries = namedQueries('settings', {
  /** The signed-in user's layout settings row (absent until they first change something). */
  mine: defineQuery(({ctx}) => ownSettings(zql.userSetting, ctx).one()),
});
