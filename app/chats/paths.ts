/**
 * The chats' addresses: section routes are made from a table at runtime (shell/sections.ts), outside the
 * router's typed paths, so these are plain strings (as app/activities/paths.ts).
 */
export const CHATS_PATH: string = '/chats';
export const chatPath = (id: string): string => `/chats/${encodeURIComponent(id)}`;
