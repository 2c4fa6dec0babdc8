import {Mail, Phone} from 'lucide-react';
import {useEffect, useState} from 'react';
import {formatPhone} from '../../lib/phones.ts';
import * as m from '../../paraglide/messages.js';

type Contact = {phone: string | null; email: string | null};

/**
 * The phone and email of the card's shadchan or representative (spec §6 showShadchanDetails). Staff
 * contact details never sync to browsers: the server answers only a user with the permission, for a
 * card they may see (server/candidates/owner-contact.ts). Render it only for such a user.
 */
export function OwnerContact({profileID}: {profileID: string}) {
  const [contact, setContact] = useState<Contact>();
  useEffect(() => {
    let live = true;
    fetch(`/api/profiles/${encodeURIComponent(profileID)}/owner-contact`, {credentials: 'same-origin'})
      .then(res => (res.ok ? (res.json() as Promise<Contact>) : undefined))
      .then(found => live && setContact(found))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [profileID]);
  if (!contact || (!contact.phone && !contact.email)) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-slate-700" data-testid="owner-contact">
      {contact.phone && (
        <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-1 hover:underline">
          <Phone className="size-3.5" aria-hidden />
          <span className="sr-only">{m.owner_contact_phone()} </span>
          <bdi dir="ltr">{formatPhone(contact.phone)}</bdi>
        </a>
      )}
      {contact.email && (
        <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-1 hover:underline">
          <Mail className="size-3.5" aria-hidden />
          <span className="sr-only">{m.owner_contact_email()} </span>
          <bdi dir="ltr">{contact.email}</bdi>
        </a>
      )}
    </span>
  );
}
