import {useState} from 'react';
import {Dialog} from '../ui/Dialog.tsx';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/** Registering a candidate in the related worlds program (spec §1, §5): agree first, then the form. */
export function WorldsDialog({url, open, onOpenChange}: {url: string; open: boolean; onOpenChange: (open: boolean) => void}) {
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState(false);
  function openForm() {
    if (!agreed) return setError(true);
    window.open(url, '_blank', 'noopener');
    onOpenChange(false);
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m.worlds_title()} description={m.worlds_text()}>
      <div className="space-y-4" data-testid="worlds-dialog">
        <label className="flex cursor-pointer items-start gap-2.5 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={agreed}
            onChange={e => (setAgreed(e.target.checked), setError(false))}
            className="mt-0.5 size-4 accent-brand-700"
            data-testid="worlds-agree"
          />
          {m.worlds_agree()}
        </label>
        {error && (
          <p role="alert" className="text-sm text-rose-600" data-testid="worlds-error">
            {m.worlds_error()}
          </p>
        )}
        <div className="flex justify-end">
          <Button onClick={openForm} data-testid="worlds-open">
            {m.worlds_open()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
