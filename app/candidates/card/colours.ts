import * as m from '../../paraglide/messages.js';
import type {Colour} from '../../tables/profiles.ts';

/** The colour tags a shadchan can give a card: the ring on its avatar and the swatch in the form. */
export const COLOUR_CLASS: Record<Colour, string> = {
  red: 'ring-rose-400',
  orange: 'ring-orange-400',
  yellow: 'ring-amber-300',
  green: 'ring-emerald-400',
  blue: 'ring-sky-400',
  purple: 'ring-violet-400',
  gray: 'ring-slate-400',
};

export const COLOUR_LABEL: Record<Colour, () => string> = {
  red: m.colour_red,
  orange: m.colour_orange,
  yellow: m.colour_yellow,
  green: m.colour_green,
  blue: m.colour_blue,
  purple: m.colour_purple,
  gray: m.colour_gray,
};
