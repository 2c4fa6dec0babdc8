import {Newspaper} from 'lucide-react';
import {formatLocalDate} from '../lib/dates.ts';
import {useForumNews} from './use-forum.ts';
import * as m from '../paraglide/messages.js';

/** The settings panel's news (spec §2 Layout): the forum's latest topics, each opening it in the forum. */
export function ForumNews() {
  const news = useForumNews(true);
  return (
    <section className="mt-6" data-testid="forum-news">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500">{m.forum_news_title()}</h3>
      {news === 'loading' ? (
        <p className="py-2 text-sm text-slate-500">{m.loading()}</p>
      ) : news === 'unavailable' ? (
        <p className="py-2 text-sm text-slate-500">{m.forum_unavailable()}</p>
      ) : news.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">{m.forum_news_empty()}</p>
      ) : (
        <ul className="-mx-2">
          {news.map(topic => (
            <li key={topic.tid}>
              {/* /forum/topic/{tid} hands over to the forum with a full page load. */}
              <a
                href={`/forum/topic/${topic.tid}`}
                className="flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
                data-testid="forum-topic"
              >
                <Newspaper className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                <span className="min-w-0">
                  <bdi className={topic.unread ? 'block font-semibold text-slate-900' : 'block'}>{topic.title}</bdi>
                  {topic.unread && <span className="sr-only">{m.forum_unread_topic()}</span>}
                  {topic.timestamp !== null && (
                    <span className="text-xs text-slate-500 tabular-nums">{formatLocalDate(topic.timestamp)}</span>
                  )}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
