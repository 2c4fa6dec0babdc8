import {useQuery} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {Download, FileText, ImagePlus, Paperclip, Trash2, Upload, UserRound} from 'lucide-react';
import {clsx} from 'clsx';
import type {ReactNode} from 'react';
import {toast} from '../../lib/toast.ts';
import {can} from '../../../permissions/context.ts';
import {formatLocalDate} from '../../lib/dates.ts';
import {SAY} from '../../lib/dictionary.ts';
import {candidateQueries} from '../queries.ts';
import {contextOf} from '../../session.ts';
import {useConfirm} from '../../ui/confirm.tsx';
import {MAX_DOCUMENTS_PER_CARD} from './files.ts';
import {UploadControl, fileCallProblem, fetchOrNot, sizeText} from './UploadControl.tsx';
import * as m from '../../paraglide/messages.js';

/** Where a file's bytes are served (viewFiles; as an attachment under its original name). */
const fileURL = (id: string) => `/api/files/${encodeURIComponent(id)}`;
/** Where a card's files are uploaded (uploadFiles). */
const uploadURL = (profileID: string) => `/api/profiles/${encodeURIComponent(profileID)}/files`;

/** Who uploaded a file: a staff user, or the candidate from their own edit form (their photo). */
const uploaderName = (file: {byCandidate: boolean; uploader?: {name: string} | undefined}) =>
  file.byCandidate ? m.card_history_by_candidate() : file.uploader?.name;

/** The card's files, live: another shadchan's upload or delete shows at once. Empty without viewFiles. */
function useCardFiles(profileID: string) {
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const [files] = useQuery(candidateQueries.files({id: profileID}), {enabled: can(ctx, 'viewFiles')});
  return {ctx, files};
}

/**
 * The card's photo in its header (and so in the print view); the header's own avatar (children) when
 * there is none or the user may not view files.
 */
export function CardPhoto({
  profileID,
  name,
  ringClass,
  children,
}: {
  profileID: string;
  name: string;
  ringClass: string;
  children: ReactNode;
}) {
  const {files} = useCardFiles(profileID);
  const photo = files.find(f => f.kind === 'photo');
  if (!photo) return children;
  return (
    <img
      src={fileURL(photo.id)}
      alt={m.files_photo_alt({name})}
      className={clsx('h-28 w-24 shrink-0 rounded-2xl bg-slate-100 object-cover ring-4', ringClass)}
      data-testid="card-photo"
    />
  );
}

/**
 * The card's Files section (spec §3, §6): the photo and the documents with their size, uploader and
 * date, each a download. uploadFiles adds, replaces and deletes; viewFiles sees and downloads.
 */
export function CardFiles({profileID}: {profileID: string}) {
  const {ctx, files} = useCardFiles(profileID);
  const confirm = useConfirm();
  const mayView = can(ctx, 'viewFiles');
  const mayUpload = can(ctx, 'uploadFiles');
  if (!mayView && !mayUpload) return null;
  const photo = files.find(f => f.kind === 'photo');
  const documents = files.filter(f => f.kind === 'document');

  async function remove(id: string, name: string) {
    const sure = await confirm({
      title: SAY.deleteConfirm(),
      description: name,
      confirmLabel: m.action_delete(),
      destructive: true,
    });
    if (!sure) return;
    const problem = await fileCallProblem(fetchOrNot(fileURL(id), {method: 'DELETE'}), 'document');
    if (problem) toast.error(problem);
  }

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:hidden" data-testid="card-files">
      <h2 className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Paperclip className="size-4" aria-hidden />
        {m.files_title()}
      </h2>
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <div className="space-y-3" data-testid="files-photo-block">
          <h3 className="text-sm font-medium text-slate-700">{m.files_photo()}</h3>
          {photo ? (
            <figure className="space-y-2">
              <div className="relative w-40">
                <img
                  src={fileURL(photo.id)}
                  alt={photo.name}
                  className="aspect-[3/4] w-full rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200"
                  data-testid="files-photo"
                />
                <div className="absolute end-2 top-2 flex rounded-lg bg-white/90 shadow-sm ring-1 ring-slate-200">
                  <IconLink href={fileURL(photo.id)} label={m.files_download({name: photo.name})} />
                  {mayUpload && (
                    <IconButton
                      label={m.files_delete_photo()}
                      onClick={() => void remove(photo.id, photo.name)}
                      testID="files-photo-delete"
                    />
                  )}
                </div>
              </div>
              <figcaption className="space-y-0.5 text-xs text-slate-500">
                <bdi className="block truncate font-medium text-slate-700">{photo.name}</bdi>
                <p>
                  <span dir="ltr">{sizeText(photo.size)}</span> ·{' '}
                  <span className="tabular-nums">{formatLocalDate(photo.createdAt)}</span> · <bdi>{uploaderName(photo)}</bdi>
                </p>
              </figcaption>
            </figure>
          ) : (
            mayView && (
              <div className="flex aspect-[3/4] w-40 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 text-xs text-slate-500">
                <UserRound className="size-8 text-slate-300" aria-hidden />
                {m.files_no_photo()}
              </div>
            )
          )}
          {mayUpload && (
            <UploadControl
              action={uploadURL(profileID)}
              kind="photo"
              label={photo ? m.files_replace_photo() : m.files_upload_photo()}
              icon={<ImagePlus className="size-4" aria-hidden />}
            />
          )}
        </div>

        <div className="min-w-0 space-y-3">
          <h3 className="text-sm font-medium text-slate-700">{m.files_documents()}</h3>
          {mayView &&
            (documents.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-sm text-slate-500">
                {m.files_no_documents()}
              </p>
            ) : (
              <div className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200">
                <table className="w-full text-sm">
                  <thead className="bg-slate-50 text-xs text-slate-500">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-start font-medium">
                        {m.files_col_name()}
                      </th>
                      <th scope="col" className="px-3 py-2 text-start font-medium">
                        {m.files_col_size()}
                      </th>
                      <th scope="col" className="px-3 py-2 text-start font-medium">
                        {m.files_col_uploader()}
                      </th>
                      <th scope="col" className="px-3 py-2 text-start font-medium">
                        {m.files_col_date()}
                      </th>
                      <th scope="col" className="w-0 px-3 py-2">
                        <span className="sr-only">{m.files_col_actions()}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {documents.map(file => (
                      <tr key={file.id} data-testid="file-row">
                        <td className="max-w-72 px-3 py-2">
                          <a
                            href={fileURL(file.id)}
                            download={file.name}
                            className="inline-flex max-w-full items-center gap-2 font-medium text-brand-700 hover:underline"
                            data-testid="file-name"
                          >
                            <FileText className="size-4 shrink-0 text-slate-400" aria-hidden />
                            <bdi className="truncate">{file.name}</bdi>
                          </a>
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap text-slate-600 tabular-nums">
                          <span dir="ltr">{sizeText(file.size)}</span>
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                          <bdi>{uploaderName(file)}</bdi>
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap text-slate-600 tabular-nums">
                          {formatLocalDate(file.createdAt)}
                        </td>
                        <td className="px-2 py-1">
                          <div className="flex justify-end gap-1">
                            <IconLink href={fileURL(file.id)} label={m.files_download({name: file.name})} />
                            {mayUpload && (
                              <IconButton
                                label={m.files_delete({name: file.name})}
                                onClick={() => void remove(file.id, file.name)}
                                testID="file-delete"
                              />
                            )}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          {mayUpload && (
            <UploadControl
              action={uploadURL(profileID)}
              kind="document"
              label={m.files_add_document()}
              icon={<Upload className="size-4" aria-hidden />}
              full={documents.length >= MAX_DOCUMENTS_PER_CARD}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function IconLink({href, label}: {href: string; label: string}) {
  return (
    <a
      href={href}
      download
      className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      aria-label={label}
      title={label}
    >
      <Download className="size-4" aria-hidden />
    </a>
  );
}

function IconButton({label, onClick, testID}: {label: string; onClick: () => void; testID: string}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
      aria-label={label}
      title={label}
      data-testid={testID}
    >
      <Trash2 className="size-4" aria-hidden />
    </button>
  );
}
