import {useZero} from '@rocicorp/zero/react';
import {useRef, useState} from 'react';
import {toast} from './toast.ts';
import type * as v from 'valibot';
import {focusFirstInvalid, validate, type FieldErrors, type RequiredMessages} from './field-errors.ts';
import {confirmed} from './mutate.ts';

type MutationRequest = Parameters<ReturnType<typeof useZero>['mutate']>[0];

/**
 * The one way a form saves: validate with the mutator's own schema (errors by field), run the mutator,
 * wait for the server's verdict, and keep the form open with the server's field errors if it refuses.
 * `required`: the form's own wording for its required fields (see RequiredMessages). Attach `formRef` to
 * the form: after a refusal its first field to fix gets the focus (on a phone, a dialog has scrolled to its
 * buttons and the errors are out of sight).
 */
export function useMutationForm<S extends v.GenericSchema>(
  schema: S,
  request: (value: v.InferOutput<S>) => MutationRequest,
  onSaved: () => void,
  successMessage: () => string,
  required?: RequiredMessages,
) {
  const zero = useZero();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(formRef.current);
  };

  /** Saves; answers whether it was saved. */
  async function save(input: unknown): Promise<boolean> {
    const checked = validate(schema, input, required);
    if (!checked.ok) {
      showErrors(checked.errors);
      return false;
    }
    setSaving(true);
    const outcome = await confirmed(zero.mutate(request(checked.value)));
    setSaving(false);
    if (!outcome.ok) {
      showErrors(outcome.fields);
      toast.error(outcome.message);
      return false;
    }
    setErrors({});
    // Offline, confirmed() has said that the change waits to be sent: not "saved" yet.
    if (!outcome.waiting) toast.success(successMessage());
    onSaved();
    return true;
  }

  const clearError = (field: string) => setErrors(({[field]: _, ...rest}) => rest);
  return {errors, saving, save, clearError, formRef};
}
