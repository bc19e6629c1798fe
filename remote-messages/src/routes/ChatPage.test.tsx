import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import type { ChatMessage, Conversation } from '@campus/shared/schemas';
import {
  envelope,
  heldReply,
  makeChatMessage,
  makeConversation,
  renderWithProviders,
  setUpFakeApi,
  withParams,
} from '@campus/shared/testing';
import ChatPage from './ChatPage';

const state = setUpFakeApi();

const sellerSide = (overrides: Partial<Conversation> = {}) =>
  makeConversation({
    id: 'conv-s',
    role: 'seller',
    buyer: { id: 'buyer-9', name: 'Bola Ade' },
    store: { id: 'seller-1', name: 'Ada Gadgets' },
    ...overrides,
  });

function answerThread(conversation: Conversation, list: ChatMessage[], hasOlder = false) {
  state.api.ok(withParams(messages.listMessages, { conversationId: conversation.id }), { conversation, messages: list, hasOlder });
}

describe('/chat: the conversation list', () => {
  it("lists the buyer's conversations: the store's name, the product, the last message, its time and an unread dot", async () => {
    const answer = makeChatMessage({ id: 'm2', seq: 2, from: 'seller', senderId: 'seller-user', text: 'Yes, it is' });
    state.api.ok(messages.listConversations, {
      conversations: [makeConversation({ unread: 2, lastMessage: answer }), sellerSide()],
      unreadTotal: 2,
    });
    renderWithProviders(<ChatPage />, { route: '/chat', session: 'seller' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    const row = await within(nav).findByRole('link', { name: /Hostel Hacks/ });
    expect(row).toHaveAttribute('href', '/chat?c=conv-1');
    expect(row).toHaveTextContent('Desk lamp');
    expect(row).toHaveTextContent('Yes, it is');
    expect(within(row).getByTestId('unread-dot')).toBeInTheDocument();
    expect(row).toHaveTextContent('Unread messages: 2');
    // The store's conversations belong to Buyers.
    expect(within(nav).queryByRole('link', { name: /Bola Ade/ })).not.toBeInTheDocument();
  });

  it('draws no unread dot on a conversation whose last message is my own, whatever its count says', async () => {
    const mine = makeConversation({ id: 'conv-2', unread: 1, store: { id: 'seller-3', name: 'Book Nook' } });
    state.api.ok(messages.listConversations, { conversations: [mine], unreadTotal: 1 });
    renderWithProviders(<ChatPage />, { route: '/chat', session: 'user' });
    const row = await screen.findByRole('link', { name: /Book Nook/ });
    expect(row).toHaveTextContent('You: Is the lamp still available?');
    expect(within(row).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(row).not.toHaveTextContent('Unread messages');
  });

  it('is "Buyers" for a seller who came through Buyers, with the store\'s conversations', async () => {
    state.api.ok(messages.listConversations, { conversations: [makeConversation(), sellerSide()], unreadTotal: 0 });
    renderWithProviders(<ChatPage />, { route: '/chat?inbox=buyers', session: 'seller' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyers' })).toBeInTheDocument();
    const row = await screen.findByRole('link', { name: /Bola Ade/ });
    expect(row).toHaveAttribute('href', '/chat?c=conv-s&inbox=buyers');
    expect(screen.queryByRole('link', { name: /Hostel Hacks/ })).not.toBeInTheDocument();
  });

  it("gives a store owner a switch between My chats and My store's chats, each with its unread count", async () => {
    const theirs = makeChatMessage({ id: 'b1', seq: 4, from: 'buyer', senderId: 'buyer-9', text: 'Still there?' });
    state.api.ok(messages.listConversations, {
      conversations: [makeConversation(), sellerSide({ unread: 3, lastMessage: theirs })],
      unreadTotal: 3,
    });
    renderWithProviders(<ChatPage />, { route: '/chat', session: 'seller' });
    const inboxes = await screen.findByRole('navigation', { name: 'Inboxes' });
    const mine = within(inboxes).getByRole('link', { name: 'My chats' });
    expect(mine).toHaveAttribute('aria-current', 'page');
    expect(mine).toHaveAttribute('href', '/chat');
    // The navbar's badge counts the store's messages too: the switch says where they are.
    const store = await within(inboxes).findByRole('link', { name: "My store's chats 3 unread messages" });
    expect(store).toHaveAttribute('href', '/chat?inbox=buyers');
    expect(store).not.toHaveAttribute('aria-current');
    expect(within(store).getByTestId('inbox-seller-unread')).toHaveTextContent('3');
  });

  it("marks My store's chats current in the store's inbox", async () => {
    state.api.ok(messages.listConversations, { conversations: [sellerSide()], unreadTotal: 0 });
    renderWithProviders(<ChatPage />, { route: '/chat?inbox=buyers', session: 'seller' });
    const inboxes = await screen.findByRole('navigation', { name: 'Inboxes' });
    expect(within(inboxes).getByRole('link', { name: "My store's chats" })).toHaveAttribute('aria-current', 'page');
    expect(within(inboxes).getByRole('link', { name: 'My chats' })).not.toHaveAttribute('aria-current');
  });

  it('shows a student without a store one inbox and no switch', async () => {
    state.api.ok(messages.listConversations, { conversations: [makeConversation()], unreadTotal: 0 });
    renderWithProviders(<ChatPage />, { route: '/chat', session: 'user' });
    expect(await screen.findByRole('link', { name: /Hostel Hacks/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Inboxes' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and offers Retry when the list cannot be read', async () => {
    state.api.once(messages.listConversations, { status: 500 }).ok(messages.listConversations, { conversations: [], unreadTotal: 0 });
    renderWithProviders(<ChatPage />, { route: '/chat', session: 'user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
  });
});

describe('/chat: a conversation', () => {
  it('opens the conversation about a product (POST with the subject), names it by id, and shows a new one as empty', async () => {
    const fresh = makeConversation({ id: 'conv-new', lastMessage: null });
    state.api.ok(messages.listConversations, { conversations: [], unreadTotal: 0 }).ok(messages.startConversation, fresh);
    answerThread(fresh, []);
    renderWithProviders(<ChatPage />, { route: '/chat?product=p1', session: 'user', probeLocation: true });
    expect(await screen.findByTestId('new-conversation')).toHaveTextContent('The conversation starts with your first message');
    expect(state.api.calls(messages.startConversation)[0]!.body).toEqual({ productId: 'p1' });
    expect(screen.getByTestId('location')).toHaveTextContent('/chat?c=conv-new');
    expect(screen.getByRole('heading', { level: 2, name: 'Hostel Hacks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About Desk lamp' })).toHaveAttribute('href', '/product/desk-lamp');
  });

  it("opens an order's conversation on the side the student is on in it (the store's inbox for its seller)", async () => {
    const conversation = sellerSide({ orderId: 'o1', product: null });
    state.api.ok(messages.listConversations, { conversations: [], unreadTotal: 0 }).ok(messages.startConversation, conversation);
    answerThread(conversation, []);
    renderWithProviders(<ChatPage />, { route: '/chat?order=o1', session: 'seller', probeLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyers' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/chat?c=conv-s&inbox=buyers');
    expect(await screen.findByText('About an order')).toBeInTheDocument();
  });

  it('shows the messages oldest first, the pay-in-the-app notice, "Seen" under my last read message, and marks the thread read', async () => {
    const conversation = makeConversation({ unread: 1, otherReadSeq: 2 });
    state.api
      .ok(messages.listConversations, { conversations: [conversation], unreadTotal: 1 })
      .ok(messages.markRead, { conversationId: 'conv-1', readSeq: 3, unread: 0, unreadTotal: 0 });
    answerThread(conversation, [
      makeChatMessage({ id: 'm3', seq: 3, from: 'seller', senderId: 's', text: 'Call me on 0803 123 4567', safetyNotice: true }),
      makeChatMessage({ id: 'm2', seq: 2, text: 'Hello again' }),
      makeChatMessage({ id: 'm1', seq: 1, text: 'Hello' }),
    ]);
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    const log = await screen.findByRole('log', { name: 'Messages with Hostel Hacks' });
    const items = within(log).getAllByTestId('message');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Hello'),
      expect.stringContaining('Hello again'),
      expect.stringContaining('Call me on'),
    ]);
    expect(items[2]).toHaveTextContent('Pay in the app: your money is held until you collect.');
    expect(items[1]).toHaveTextContent('Seen');
    expect(items[0]).not.toHaveTextContent('Seen');
    await waitFor(() => expect(state.api.calls(messages.markRead)).toHaveLength(1));
  });

  it('sends optimistically: "Sending…" at once, the answer takes its place; a failure offers Retry', async () => {
    const conversation = makeConversation();
    state.api.ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 });
    answerThread(conversation, [makeChatMessage()]);
    const held = heldReply();
    state.api.once(messages.sendMessage, () => held.reply);
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Can I pick it up at 5?{Enter}');
    const pending = await screen.findByTestId('pending-message');
    expect(pending).toHaveTextContent('Can I pick it up at 5?');
    expect(pending).toHaveTextContent('Sending…');
    expect(box).toHaveValue('');
    const sent = makeChatMessage({ id: 'm2', seq: 2, text: 'Can I pick it up at 5?' });
    await act(async () => held.release({ status: 201, body: envelope(sent) }));
    await waitFor(() => expect(screen.queryByTestId('pending-message')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('message').at(-1)).toHaveTextContent('Can I pick it up at 5?');
    expect(state.api.calls(messages.sendMessage)[0]!.body).toBeInstanceOf(FormData);
    expect((state.api.calls(messages.sendMessage)[0]!.body as FormData).get('text')).toBe('Can I pick it up at 5?');

    state.api.once(messages.sendMessage, 'network-error').ok(messages.sendMessage, makeChatMessage({ id: 'm3', seq: 3, text: 'Thanks' }));
    await userEvent.type(box, 'Thanks{Enter}');
    const failed = await screen.findByTestId('pending-message');
    expect(await within(failed).findByText('Failed to send.')).toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('pending-message')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('message').at(-1)).toHaveTextContent('Thanks');
  });

  it('refuses an empty message, sends up to four photos, and opens a photo large', async () => {
    const conversation = makeConversation();
    state.api.ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 });
    answerThread(conversation, [
      makeChatMessage({ photos: [{ id: 'ph1', cardUrl: '/uploads/card.webp', galleryUrl: '/uploads/gallery.webp' }], text: '' }),
    ]);
    const withPhotos = makeChatMessage({ id: 'm2', seq: 2, text: '' });
    state.api.ok(messages.sendMessage, withPhotos);
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a message or add a photo.');

    const files = Array.from({ length: 5 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    await userEvent.upload(screen.getByTestId('photo-input'), files);
    expect(screen.getByRole('alert')).toHaveTextContent('You can send up to 4 photos in one message.');
    expect(within(screen.getByTestId('chosen-photos')).getAllByRole('button', { name: /Remove/ })).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Remove p0.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(state.api.calls(messages.sendMessage)).toHaveLength(1));
    const body = state.api.calls(messages.sendMessage)[0]!.body as FormData;
    expect(body.getAll('photos').map((f) => (f as File).name)).toEqual(['p1.png', 'p2.png', 'p3.png']);

    await userEvent.click(screen.getByRole('button', { name: 'Open photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1' });
    expect(within(dialog).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'http://api.test/uploads/gallery.webp');
  });

  it('pages backwards: "Load earlier messages" reads the page before the oldest seq', async () => {
    const conversation = makeConversation();
    state.api.ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 });
    state.api.on(messages.listMessages, (request) =>
      request.query.before === 31
        ? {
            status: 200,
            body: envelope({ conversation, messages: [makeChatMessage({ id: 'old', seq: 30, text: 'The first one' })], hasOlder: false }),
          }
        : {
            status: 200,
            body: envelope({ conversation, messages: [makeChatMessage({ id: 'new', seq: 31, text: 'The latest' })], hasOlder: true }),
          },
    );
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    expect(screen.getAllByTestId('message')[0]).toHaveTextContent('The first one');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('takes a message from the live stream into the open thread and marks it read', async () => {
    const conversation = makeConversation();
    state.api
      .ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 })
      .ok(messages.markRead, { conversationId: 'conv-1', readSeq: 2, unread: 0, unreadTotal: 0 });
    answerThread(conversation, [makeChatMessage()]);
    const { queryClient } = renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    await screen.findByRole('log');
    const reply = makeChatMessage({ id: 'm2', seq: 2, from: 'seller', senderId: 's', text: 'Yes, come by' });
    const { withMessage } = await import('@campus/shared/live-events');
    const { queryKeys } = await import('@campus/shared/query-keys');
    act(() => {
      queryClient.setQueryData(queryKeys.messages.thread('conv-1'), (thread: Parameters<typeof withMessage>[0] | undefined) =>
        thread ? withMessage(thread, reply) : thread,
      );
      eventBus.emit('messages:received', { conversationId: 'conv-1', message: reply });
    });
    expect(await screen.findByText('Yes, come by')).toBeInTheDocument();
    await waitFor(() => expect(state.api.calls(messages.markRead)).toHaveLength(1));
  });

  it("scrolls the messages' own box to the newest message, never the page", async () => {
    const conversation = makeConversation();
    state.api.ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 });
    answerThread(conversation, [makeChatMessage()]);
    const scrollIntoView = jest.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
    const scrollHeight = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(640);
    try {
      renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
      await screen.findByRole('log');
      await waitFor(() => expect(screen.getByTestId('thread-messages').scrollTop).toBe(640));
      expect(scrollIntoView).not.toHaveBeenCalled();
    } finally {
      scrollHeight.mockRestore();
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it("heads the thread with the other side's name, then the product's whole name in its link", async () => {
    const title = 'Past questions pack: 100 level sciences, with the answers worked through';
    const conversation = makeConversation({
      store: { id: 'seller-3', name: 'Book Nook' },
      product: { id: 'p9', slug: 'past-questions', name: title, thumbnailUrl: null },
    });
    state.api.ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 });
    answerThread(conversation, [makeChatMessage()]);
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Book Nook' });
    const product = screen.getByRole('link', { name: `About ${title}` });
    // Two lines of its own under the name (clamped on screen), the whole name on hover and to assistive technology.
    expect(product).toHaveAttribute('title', title);
    expect(heading.nextElementSibling).toBe(product);
    const actions = screen.getByRole('group', { name: 'Conversation actions' });
    expect(within(actions).getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Report conversation' })).toBeInTheDocument();
  });

  it('blocks and unblocks from the header; a blocked conversation cannot be written in', async () => {
    let blocked: Conversation['blocked'] = null;
    state.api.ok(messages.listConversations, { conversations: [makeConversation()], unreadTotal: 0 });
    state.api.on(messages.listMessages, () => ({
      status: 200,
      body: envelope({ conversation: makeConversation({ blocked }), messages: [makeChatMessage()], hasOlder: false }),
    }));
    state.api.on(messages.blockParticipant, () => {
      blocked = 'by-me';
      return { status: 200, body: { message: 'Blocked. They can no longer message you.' } };
    });
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    const actions = await screen.findByRole('group', { name: 'Conversation actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Blocked. They can no longer message you.')).toBeInTheDocument();
    expect(await screen.findByText('You have blocked this student. Unblock them to send a message.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('reports a message with a reason', async () => {
    const conversation = makeConversation();
    state.api.ok(messages.listConversations, { conversations: [conversation], unreadTotal: 0 });
    answerThread(conversation, [makeChatMessage({ id: 'm-bad', from: 'seller', senderId: 's', text: 'Pay me outside' })]);
    state.api.on(messages.report, () => ({ status: 201, body: { message: 'Thank you. The campus team will look at your report.' } }));
    renderWithProviders(<ChatPage />, { route: '/chat?c=conv-1', session: 'user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please say what is wrong.')).toBeInTheDocument();
    // The same reason list as the product page's Report.
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'offensive');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What is wrong/ }), 'Asks for payment outside the app');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The campus team will look at your report.')).toBeInTheDocument();
    expect(state.api.calls(messages.report)[0]!.body).toEqual({
      conversationId: 'conv-1',
      messageId: 'm-bad',
      reasonCode: 'offensive',
      reason: 'Asks for payment outside the app',
    });
  });
});
