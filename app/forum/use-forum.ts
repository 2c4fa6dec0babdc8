import {useRouteContext} from '@tanstack/react-router';
import {useEffect, useState} from 'react';
import {canUseForum} from '../../permissions/forum.ts';
import {contextOf} from '../session.ts';
import {useSite} from '../site/use-site.ts';

/** How long the unread badge stays up after the count is read (spec §9). */
export const UNREAD_SHOWN_MS = 60_000;

export type ForumTopic = {tid: number; title: string; unread: boolean; timestamp: number | null};

/** Whether this user gets the forum: configured, switched on for the site, and permitted (spec §6). */
export function useForumEnabled(): boolean {
  const {session} = useRouteContext({from: '/shell'});
  const site = useSite();
  return Boolean(session.links.forum) && canUseForum(contextOf(session.user!), site.forum);
}

async function getJSON<T>(path: string): Promise<T | undefined> {
  try {
    const response = await fetch(path, {credentials: 'same-origin'});
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined; // the forum being away must never disturb the shell
  }
}

/**
 * The forum's unread-post count, read through our server when the shell opens and whenever the tab
 * comes back into view; the badge clears 60 seconds after each reading (spec §9).
 */
export function useForumUnread(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return setCount(0);
    let clearTimer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const body = await getJSON<{count: number}>('/api/forum/unread');
      if (!body) return;
      setCount(body.count);
      clearTimeout(clearTimer);
      clearTimer = setTimeout(() => setCount(0), UNREAD_SHOWN_MS);
    };
    const onVisible = () => document.visibilityState === 'visible' && void load();
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(clearTimer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
  return count;
}

/** The forum's news (recent topics, or the configured category), read when the settings panel opens. */
export function useForumNews(enabled: boolean): ForumTopic[] | 'loading' | 'unavailable' {
  const [news, setNews] = useState<ForumTopic[] | 'loading' | 'unavailable'>('loading');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void getJSON<{topics: ForumTopic[]}>('/api/forum/news').then(body => live && setNews(body?.topics ?? 'unavailable'));
    return () => {
      live = false;
    };
  }, [enabled]);
  return news;
}
