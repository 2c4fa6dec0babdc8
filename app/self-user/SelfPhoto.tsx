import {ImagePlus, Trash2, UserRound} from 'lucide-react';
import {useState} from 'react';
import {SAY} from '../lib/dictionary.ts';
import {call} from '../login/api.ts';
import {Button} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {UploadControl, fetchOrNot, fileCallProblem, sizeText, type RefusalText} from '../candidates/card/UploadControl.tsx';
import {SELF_PHOTO_PATH, selfPhotoURL, type SelfPhoto as Photo, type SelfTicket} from './edit.ts';
import * as m from '../paraglide/messages.js';
import {notify} from '../ui/notify.ts';

/**
 * The ticket's photo on the candidate's edit form (issue 15: "photo" is among what they may change):
 * the current one, upload (replacing it) and remove, each at once, apart from the form's Save. Same
 * rules and errors as the staff's Files section; the server (server/self-edit/photo-routes.ts) checks
 * again, and the shadchan's open card shows the change live.
 */
export function SelfPhoto({
  initial,
  name,
  refusalText,
}: {
  initial: Photo | null;
  /** The ticket's name, for the image's text alternative. */
  name: string;
  refusalText: RefusalText;
}) {
  const confirm = useConfirm();
  const [photo, setPhoto] = useState(initial);
  const [removing, setRemoving] = useState(false);

  /** The photo as the server has it now (the form's own values stay as the candidate typed them). */
  async function refresh() {
    const result = await call<SelfTicket>('/api/peoples/self-update', undefined, 'GET');
    if (result.ok) setPhoto(result.data.photo);
  }

  async function remove() {
    const sure = await confirm({
      title: SAY.deleteConfirm(),
      description: photo?.name,
      confirmLabel: m.files_delete_photo(),
      destructive: true,
    });
    if (!sure) return;
    setRemoving(true);
    const problem = await fileCallProblem(fetchOrNot(SELF_PHOTO_PATH, {method: 'DELETE'}), 'photo', refusalText);
    setRemoving(false);
    if (problem) return notify('error', problem);
    notify('success', m.self_photo_removed());
    await refresh();
  }

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="self-photo">
      <h2 className="mb-1 text-base font-semibold text-slate-900">{m.files_photo()}</h2>
      <p className="mb-4 text-sm text-slate-600">{m.self_photo_intro()}</p>
      <div className="flex flex-wrap items-start gap-5">
        {photo ? (
          <figure className="w-32 space-y-1.5">
            <img
              src={selfPhotoURL(photo.id)}
              alt={m.files_photo_alt({name})}
              className="aspect-[3/4] w-full rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200"
              data-testid="self-photo-image"
            />
            <figcaption className="text-xs text-slate-500">
              <bdi className="block truncate font-medium text-slate-700">{photo.name}</bdi>
              <span dir="ltr">{sizeText(photo.size)}</span>
            </figcaption>
          </figure>
        ) : (
          <div
            className="flex aspect-[3/4] w-32 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-2 text-center text-xs text-slate-500"
            data-testid="self-photo-none"
          >
            <UserRound className="size-8 text-slate-300" aria-hidden />
            {m.files_no_photo()}
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <UploadControl
            action={SELF_PHOTO_PATH}
            kind="photo"
            label={photo ? m.files_replace_photo() : m.files_upload_photo()}
            icon={<ImagePlus className="size-4" aria-hidden />}
            refusalText={refusalText}
            onUploaded={() => {
              notify('success', m.self_photo_saved());
              void refresh();
            }}
          />
          {photo && (
            <Button variant="secondary" disabled={removing} onClick={() => void remove()} data-testid="self-photo-remove">
              <Trash2 className="size-4" aria-hidden />
              {m.files_delete_photo()}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
