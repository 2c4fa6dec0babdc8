import {useId, type ComponentProps, type ReactNode} from 'react';
import {clsx} from 'clsx';
import * as m from '../paraglide/messages.js';
import {Search} from 'lucide-react';

/** Small, consistent form controls. Logical properties (ps/pe, start/end) keep them right in RTL and LTR. */

const buttonStyles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm disabled:bg-brand-700/50',
  secondary: 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-500',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  /** For an action that removes or gives something up: it must not look like the everyday choice. */
  danger: 'bg-rose-700 text-white hover:bg-rose-800 shadow-sm disabled:bg-rose-700/50',
} as const;

/** A button's look, for a link that acts as one (a page's "new" action, a download). */
export const buttonClass = (variant: keyof typeof buttonStyles = 'primary', className?: string) =>
  clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
    buttonStyles[variant],
    className,
  );

export function Button({
  variant = 'primary',
  className,
  ...props
}: ComponentProps<'button'> & {variant?: keyof typeof buttonStyles}) {
  return <button type="button" className={buttonClass(variant, className)} {...props} />;
}

// 16 px text below lg: a phone's browser (iOS Safari) zooms the page into a field whose text is smaller.
const inputClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-base lg:text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500';

/** A labelled field with its error right below it; the control gets the id and aria wiring. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: ReactNode;
  children: (props: {id: string; 'aria-invalid': boolean; 'aria-describedby'?: string}) => ReactNode;
}) {
  const id = useId();
  const errorID = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({id, 'aria-invalid': Boolean(error), ...(error ? {'aria-describedby': errorID} : {})})}
      {error && (
        <p id={errorID} role="alert" className="text-sm text-rose-600" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * How much of a text's limit is used, shown once it is near (issue 31): the limit is said before it is
 * reached, and the control's maxLength refuses the rest of a paste without any work of ours.
 */
export function LengthCounter({length, max}: {length: number; max: number}) {
  if (length < max * 0.8) return null;
  return (
    <p className={clsx('text-end text-xs tabular-nums', length >= max ? 'text-rose-600' : 'text-slate-500')} aria-live="polite">
      {m.text_length_counter({length, max})}
    </p>
  );
}

/** A field for a number: typed as numbers are read, left to right even on a right-to-left page. */
const isNumberField = (props: ComponentProps<'input'>) =>
  props.type === 'number' || props.inputMode === 'numeric' || props.inputMode === 'decimal';

/**
 * A text box. A number field without a direction of its own runs left to right (issue 31: "-5" stays
 * "-5" on a right-to-left page, not "5-"), still aligned with the page's other fields.
 */
export function TextInput({className, ...props}: ComponentProps<'input'>) {
  const number = isNumberField(props) && props.dir === undefined;
  return (
    <input
      {...props}
      dir={number ? 'ltr' : props.dir}
      className={clsx(inputClass, number && 'text-start tabular-nums rtl:text-end', className)}
    />
  );
}

/** A search box: a magnifier at its start. */
export function SearchBox({className, ...props}: ComponentProps<'input'>) {
  return (
    <div className={clsx('relative', className)}>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <TextInput type="search" className="ps-9" {...props} />
    </div>
  );
}

/** A search box whose label is for screen readers only: its placeholder says the same to everyone else. */
export function SearchInput({label, className, ...props}: ComponentProps<'input'> & {label: string}) {
  return (
    <label className={clsx('block', className)}>
      <span className="sr-only">{label}</span>
      <SearchBox placeholder={label} {...props} />
    </label>
  );
}

export function Select({className, ...props}: ComponentProps<'select'>) {
  return <select className={clsx(inputClass, 'pe-8', className)} {...props} />;
}

/** A list's filter with its label above it (the control inside the label, so no ids are needed). */
export function Labelled({label, children}: {label: string; children: ReactNode}) {
  return (
    <label className="block space-y-1 text-xs font-medium text-slate-600">
      <span>{label}</span>
      {children}
    </label>
  );
}
