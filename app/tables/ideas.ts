/**
 * The ideas bank (issue 17, migrations/0041): shidduch ideas and each recipient's answer. Read only
 * through app/ideas/queries.ts, which applies permissions/ideas.ts (sender, recipients, administrators).
 */
import {enumeration, number, relationships, string, table} from '@rocicorp/zero';
import {activity} from './activities.ts';
import {profile} from './profiles.ts';
import {user} from './staff.ts';

export type IdeaAnswer = 'open' | 'accepted' | 'declined';

export const shidduchIdea = table('shidduchIdea')
  .from('shidduch_idea')
  .columns({
    id: string(),
    maleProfileID: string().from('male_profile_id'),
    femaleProfileID: string().from('female_profile_id'),
    note: string(),
    sentBy: string().from('sent_by'),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

export const shidduchIdeaRecipient = table('shidduchIdeaRecipient')
  .from('shidduch_idea_recipient')
  .columns({
    ideaID: string().from('idea_id'),
    userID: string().from('user_id'),
    status: enumeration<IdeaAnswer>(),
    reason: string().optional(),
    activityID: string().from('activity_id').optional(),
    decidedAt: number().from('decided_at').optional(),
  })
  .primaryKey('ideaID', 'userID');

export const shidduchIdeaRelationships = relationships(shidduchIdea, ({one, many}) => ({
  maleProfile: one({sourceField: ['maleProfileID'], destField: ['id'], destSchema: profile}),
  femaleProfile: one({sourceField: ['femaleProfileID'], destField: ['id'], destSchema: profile}),
  sender: one({sourceField: ['sentBy'], destField: ['id'], destSchema: user}),
  recipients: many({sourceField: ['id'], destField: ['ideaID'], destSchema: shidduchIdeaRecipient}),
}));

export const shidduchIdeaRecipientRelationships = relationships(shidduchIdeaRecipient, ({one}) => ({
  idea: one({sourceField: ['ideaID'], destField: ['id'], destSchema: shidduchIdea}),
  recipient: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  activity: one({sourceField: ['activityID'], destField: ['id'], destSchema: activity}),
}));
