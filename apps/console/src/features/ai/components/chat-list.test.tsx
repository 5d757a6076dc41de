import { act, cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { type ReplyItem } from '@beacon/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
// the console's strings (loaded on import)
import '../../../test-utils';
import { type ChatItem } from '../lib/chat-items';
import { ChatList, type ChatListProps } from './chat-list';
import { REPLY_ITEM_INTERVAL_MS } from './use-reply-queue';
import { SUGGESTION_ITEMS, suggestionTokens } from '../../../test/assistant-stream';

const ITEMS: ReplyItem[] = [
  ...(SUGGESTION_ITEMS as ReplyItem[]),
  { showType: 0, msgType: 1, image: '', title: 'Last call', content: 'Ends tonight.', button: 'Go' },
];
const question: ChatItem = { id: 'q1', at: 1_700_000_000_000, type: 'user', content: 'Weekend sale copy' };
const answer: ChatItem = { id: 'a1', at: 1_700_000_001_000, type: 'assistant', list: ITEMS };

const props = (over: Partial<ChatListProps>): ChatListProps => ({
  items: [],
  streaming: null,
  busy: false,
  onResend: () => undefined,
  dateOf: () => '2023-11-14',
  timeOf: () => '22:13',
  ...over,
});
/** Renders the list in the antd App; `rerender` keeps it mounted (the overlay's list across answers). */
const renderList = (p: ChatListProps) => render(<ChatList {...p} />, { wrapper: AntApp });
const cards = () => screen.queryAllByTestId('ai-suggestion').length;
/** Moves the clock `ms` on, one interval at a time (each revealed item's render schedules the next). */
const advance = (ms: number) => {
  for (let left = ms; left > 0; left -= REPLY_ITEM_INTERVAL_MS)
    act(() => {
      vi.advanceTimersByTime(Math.min(left, REPLY_ITEM_INTERVAL_MS));
    });
};

/** Part 2 §9: the assistant's reply items are queued 300 ms apart; a stored conversation shows whole. */
describe('ChatList reply items', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows an answer that arrives whole one item at a time, 300 ms apart', () => {
    vi.useFakeTimers();
    const onReveal = vi.fn();
    const view = renderList(props({ items: [question], busy: true, onReveal }));
    view.rerender(<ChatList {...props({ items: [question, answer], onReveal })} />);
    expect(cards()).toBe(1);
    advance(REPLY_ITEM_INTERVAL_MS - 1);
    expect(cards()).toBe(1);
    advance(1);
    expect(cards()).toBe(2);
    expect(screen.getByText(SUGGESTION_ITEMS[1]!.title)).toBeTruthy();
    advance(REPLY_ITEM_INTERVAL_MS - 1);
    expect(cards()).toBe(2);
    advance(1);
    expect(cards()).toBe(3);
    advance(10 * REPLY_ITEM_INTERVAL_MS);
    expect(cards()).toBe(3);
    // the overlay keeps each new item in view
    expect(onReveal).toHaveBeenCalledTimes(3);
  });

  it('carries the count from the streamed answer to the stored one, without showing an item twice', () => {
    vi.useFakeTimers();
    const text = suggestionTokens().join('');
    const view = renderList(props({ items: [question], streaming: text, busy: true }));
    // both streamed suggestions are complete, the second still waits its turn
    expect(cards()).toBe(1);
    advance(REPLY_ITEM_INTERVAL_MS);
    expect(cards()).toBe(2);
    view.rerender(<ChatList {...props({ items: [question, answer] })} />);
    expect(cards()).toBe(2);
    advance(REPLY_ITEM_INTERVAL_MS);
    expect(cards()).toBe(3);
  });

  it('starts the next answer from its first item', () => {
    vi.useFakeTimers();
    const view = renderList(props({ items: [question] }));
    view.rerender(<ChatList {...props({ items: [question, answer] })} />);
    advance(5 * REPLY_ITEM_INTERVAL_MS);
    expect(cards()).toBe(3);
    const again: ChatItem = { ...question, id: 'q2', content: 'Shorter, please' };
    const next: ChatItem = { ...answer, id: 'a2', list: ITEMS.slice(0, 2) };
    view.rerender(<ChatList {...props({ items: [question, answer, again, next] })} />);
    // the earlier answer stays whole, the new one comes in item by item
    expect(cards()).toBe(4);
    advance(REPLY_ITEM_INTERVAL_MS);
    expect(cards()).toBe(5);
  });

  it('shows a stored conversation whole at once', () => {
    vi.useFakeTimers();
    renderList(props({ items: [question, answer] }));
    expect(cards()).toBe(3);
  });
});
