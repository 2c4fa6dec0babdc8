import type {TransactionSql} from 'postgres';
import * as v from 'valibot';
import {pageDocSchema} from '../../app/pages/content.ts';
import type {DemoProfile} from './demo-data.ts';
import type {PageDoc} from '../../app/tables/pages.ts';

const text = (words: string) => ({type: 'text' as const, text: words});
const paragraph = (words: string) => ({type: 'paragraph' as const, content: [text(words)]});
const item = (words: string) => ({type: 'listItem' as const, content: [paragraph(words)]});

/** The office's first guideline, as the editor would have saved it (checked against the editor's schema). */
const FIRST_CALL: PageDoc = v.parse(pageDocSchema, {
  type: 'doc',
  content: [
    {type: 'heading', attrs: {level: 2}, content: [text('לפני ההצעה')]},
    {
      type: 'paragraph',
      content: [
        {type: 'text', text: 'חשוב:', marks: [{type: 'bold'}]},
        text(' לברר את פרטי המשפחה ולוודא שהכרטיס מעודכן לפני כל שיחה עם ההורים.'),
      ],
    },
    {
      type: 'bulletList',
      content: [item('לשוחח עם שני הצדדים'), item('לרשום כל שיחה כפעילות במערכת'), item('לקבוע מועד למעקב')],
    },
    {type: 'blockquote', content: [paragraph('"מצא אשה מצא טוב"')]},
  ],
});

/**
 * The team's workspace in the demo (issue 17), so a newcomer finds each screen with something in it:
 * a shared folder of office guidelines with one page, a conversation between the demo shadchan and
 * the coordinator (read by both, so no badge waits at first sign-in), and an open shidduch idea from
 * the coordinator to the shadchan who owns both cards. The idea's pair is taken before the demo
 * couples' (the last cards of the general database), so the two stories do not meet.
 */
export async function seedDemoWorkspace(tx: TransactionSql, profiles: readonly DemoProfile[]) {
  await tx`INSERT INTO page_folder (id, owner_id, name, shared) VALUES ('demo-folder-office', 'demo-admin', 'הנחיות המשרד', true)`;
  await tx`INSERT INTO page (id, folder_id, title, created_by, updated_by)
           VALUES ('demo-page-first-call', 'demo-folder-office', 'הנחיות לשיחה ראשונה', 'demo-admin', 'demo-admin')`;
  await tx`INSERT INTO page_content (page_id, content) VALUES ('demo-page-first-call', ${tx.json(FIRST_CALL as never)})`;

  await tx`INSERT INTO chat (id, created_by, created_at, last_message_at)
           VALUES ('demo-chat-1', 'demo-coordinator', now() - interval '2 hours', now() - interval '1 hour')`;
  await tx`INSERT INTO chat_member (chat_id, user_id, last_read_at)
           VALUES ('demo-chat-1', 'demo-coordinator', now()), ('demo-chat-1', 'demo-shadchan', now())`;
  await tx`INSERT INTO chat_message (id, chat_id, author_id, body, created_at) VALUES
           ('demo-chat-1-a', 'demo-chat-1', 'demo-coordinator', 'שלום, יש לך זמן לדבר על ההצעות של השבוע?', now() - interval '2 hours'),
           ('demo-chat-1-b', 'demo-chat-1', 'demo-shadchan', 'בשמחה, אחרי מנחה', now() - interval '1 hour')`;

  const mine = (gender: DemoProfile['gender']) =>
    profiles.filter(p => p.database === 'general' && p.gender === gender && p.ownerID === 'demo-shadchan').at(-3);
  const [man, woman] = [mine('male'), mine('female')];
  if (!man || !woman) return;
  await tx`INSERT INTO shidduch_idea (id, male_profile_id, female_profile_id, note, sent_by, created_at)
           VALUES ('demo-idea-1', ${man.id}, ${woman.id}, 'שניהם מחפשים בית של תורה ומשפחות דומות', 'demo-coordinator',
                   now() - interval '3 hours')`;
  await tx`INSERT INTO shidduch_idea_recipient (idea_id, user_id) VALUES ('demo-idea-1', 'demo-shadchan')`;
}
