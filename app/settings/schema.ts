import * as v from 'valibot';

/**
 * The display settings of the settings panel (spec §2 Layout; Hebrew dates, issue 37), each optional in an
 * update.
 */
export const LAYOUT_KEYS = [
  'largeFont',
  'sidebarCollapsed',
  'collapsedText',
  'hoverMenus',
  'sidebarScrollbar',
  'hebrewDates',
] as const;
export type LayoutKey = (typeof LAYOUT_KEYS)[number];
export type Layout = Record<LayoutKey, boolean>;

export const DEFAULT_LAYOUT: Layout = {
  largeFont: false,
  sidebarCollapsed: false,
  collapsedText: false,
  hoverMenus: false,
  sidebarScrollbar: true,
  hebrewDates: false,
};

export const layoutUpdateSchema = v.strictObject({
  largeFont: v.optional(v.boolean()),
  sidebarCollapsed: v.optional(v.boolean()),
  collapsedText: v.optional(v.boolean()),
  hoverMenus: v.optional(v.boolean()),
  sidebarScrollbar: v.optional(v.boolean()),
  hebrewDates: v.optional(v.boolean()),
});
