import {Field, TextInput} from './controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * A new password typed twice (an invitation, a reset): `password` and `passwordAgain` in the form's
 * data, each with its error below it. The browser is told it is a new password, so it offers to save it.
 */
export function PasswordPair(props: {
  errors: {password?: string; passwordAgain?: string};
  onEdit: (field: 'password' | 'passwordAgain') => void;
}) {
  return (
    <>
      <Field label={m.invitation_password()} error={props.errors.password}>
        {p => (
          <TextInput
            {...p}
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            maxLength={200}
            dir="ltr"
            onChange={() => props.onEdit('password')}
          />
        )}
      </Field>
      <Field label={m.invitation_password_again()} error={props.errors.passwordAgain}>
        {p => (
          <TextInput
            {...p}
            name="passwordAgain"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            dir="ltr"
            onChange={() => props.onEdit('passwordAgain')}
          />
        )}
      </Field>
    </>
  );
}
