import type {InputHTMLAttributes} from 'react';
import type {InstitutionType} from '../../zero-schema.ts';
import {TextInput} from '../ui/controls.tsx';

export type InstitutionOption = {
  id: string;
  name: string;
  type: InstitutionType;
  variations: readonly string[];
  retiredAt?: number | null | undefined;
};

/**
 * The card's institution field: free typing with the administration's institutions offered as the user
 * types (a datalist: the browser matches the typed text against each name and its variations, which
 * the option's label carries). Retired ones are not offered. The server refuses a name that is none of
 * them (§5 'enter valid institution').
 */
export function InstitutionInput({
  institutions,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {id: string; institutions: readonly InstitutionOption[]}) {
  const listID = `${input.id}-options`;
  return (
    <>
      <TextInput {...input} list={listID} autoComplete="off" />
      <datalist id={listID}>
        {institutions
          .filter(row => row.retiredAt == null)
          .map(row => (
            <option key={row.id} value={row.name} label={row.variations.length > 0 ? row.variations.join(', ') : undefined} />
          ))}
      </datalist>
    </>
  );
}
