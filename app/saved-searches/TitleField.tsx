import type {ReactNode} from 'react';
import {Field, TextInput} from '../ui/controls.tsx';
import {TITLE_MAX} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The messages a saved search's form shows for its title (useMutationForm's field messages). */
export const TITLE_REQUIRED = {title: m.saved_search_title_required};

/** A saved search's title, required, as both the save and the edit dialogs ask for it. */
export function TitleField({
  value,
  error,
  onChange,
  testid,
}: {
  value: string;
  error: ReactNode;
  onChange: (title: string) => void;
  testid: string;
}) {
  return (
    <Field label={`${m.saved_search_title()} *`} error={error}>
      {p => (
        <TextInput
          {...p}
          name="title"
          maxLength={TITLE_MAX}
          value={value}
          onChange={e => onChange(e.target.value)}
          autoFocus
          data-testid={testid}
        />
      )}
    </Field>
  );
}
