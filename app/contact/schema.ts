import * as v from 'valibot';

/**
 * The contact task (spec §3 "Contact task", §7 send-mail-dental). The message must be non-empty after
 * trimming (spec §5); the optional training-coordination text is appended under a heading.
 */
const text = (max: number) => v.pipe(v.string(), v.maxLength(max, 'tooLong'));

export const contactTaskSchema = v.object({
  task: v.object({
    ID: v.optional(text(40)),
    UserID: text(40),
    ShadchanName: text(100),
    NoteText: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(5000, 'tooLong')),
    Type: v.literal('contactUs'),
    PeopleID: v.optional(v.nullable(text(40))),
    PeopleName: v.optional(v.nullable(text(120))),
  }),
});
export type ContactTask = v.InferOutput<typeof contactTaskSchema>['task'];

/** The heading the training-coordination text goes under, in the office's language. */
export const TRAINING_HEADING = 'תיאום הדרכה';

export function composeContactNote(message: string, training: string): string {
  const extra = training.trim();
  return extra ? `${message.trim()}\n\n${TRAINING_HEADING}:\n${extra}` : message.trim();
}
