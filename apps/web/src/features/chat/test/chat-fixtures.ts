import type { ChatChannel, ChatMessage } from '@app/shared/chat/chat.schemas';
import { type ApiCall, type ApiRoute, fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';

/** The signed-in user of the chat tests is makeUser()'s FO, Frida Olsen (id 7). */
export const FRIDA = { id: 7, name: 'Frida Olsen', avatar: null };
export const BORIS = { id: 3, name: 'Boris Back', avatar: null };
export const ANNA = { id: 4, name: 'Anna Admin', avatar: null };
export const ARTHUR = { id: 5, name: 'Arthur Accountant', avatar: null };

let clock = Date.parse('2026-03-02T09:00:00Z');
export function message(id: number, channelId: number, author: typeof FRIDA, body: string): ChatMessage {
  clock += 60_000;
  return {
    id,
    chat_channel_id: channelId,
    author: { id: author.id, name: author.name },
    body,
    created_at: new Date(clock).toISOString(),
    edited_at: null,
    deleted: false,
  };
}

/** Channel 1, direct with Boris: Frida's 10, then Boris's 11 and 12 unread. */
export const DIRECT_HISTORY = [
  message(12, 1, BORIS, 'Can you check the invoice?'),
  message(11, 1, BORIS, 'Hi Frida'),
  message(10, 1, FRIDA, 'Morning'),
];
/** Channel 2, the Ops team group: one unread from Anna. */
export const GROUP_HISTORY = [
  message(21, 2, ANNA, 'Stand-up moved to 10:30'),
  message(20, 2, BORIS, 'Noted'),
];

export const DIRECT: ChatChannel = {
  id: 1,
  kind: 'direct',
  title: 'Boris Back',
  users: [FRIDA, BORIS],
  created_by: 7,
  created_at: '2026-03-01T08:00:00Z',
  last_message: DIRECT_HISTORY[0]!,
  last_read_message_id: 10,
  unread_count: 2,
};
export const GROUP: ChatChannel = {
  id: 2,
  kind: 'group',
  title: 'Ops team',
  users: [FRIDA, BORIS, ANNA],
  created_by: 4,
  created_at: '2026-03-01T08:00:00Z',
  last_message: GROUP_HISTORY[0]!,
  last_read_message_id: 20,
  unread_count: 1,
};

const page = (messages: ChatMessage[], hasMore = false) =>
  json(200, { data: messages, meta: { limit: 30, has_more: hasMore } });

/**
 * The chat API of spec 7 over two channels. `channels` is the list (read at each call, so a test
 * may change it), `history` answers a channel's pages (by `before`); writes answer what the server
 * would. `first` answers before all of that (a refusal, a changed answer).
 */
export function chatApi(
  options: {
    channels?: ChatChannel[] | (() => ChatChannel[]);
    history?: (channelId: number, before: number | null) => Response;
    first?: ApiRoute;
  } = {},
) {
  const listed = options.channels ?? [DIRECT, GROUP];
  const channelsNow = () => (typeof listed === 'function' ? listed() : listed);
  const history =
    options.history ??
    ((channelId: number) => page(channelId === 1 ? DIRECT_HISTORY : channelId === 2 ? GROUP_HISTORY : []));
  let nextId = 100;
  const route = (call: ApiCall) => {
    const key = routeKey(call);
    const path = key.split(' ')[1]!;
    if (key === 'GET /api/v1/chat/channels/') return json(200, { data: channelsNow() });
    let m = /^\/api\/v1\/chat\/channels\/(\d+)\/$/.exec(path);
    if (m && call.method === 'GET') {
      const found = channelsNow().find((c) => c.id === Number(m![1]));
      return found ? json(200, { data: found }) : json(404, { errors: { detail: 'Not found' } });
    }
    m = /^\/api\/v1\/chat\/channels\/(\d+)\/messages\/$/.exec(path);
    if (m && call.method === 'GET') {
      const before = queryOf(call).get('before');
      return history(Number(m[1]), before ? Number(before) : null);
    }
    if (m && call.method === 'POST') {
      const sent = message(nextId++, Number(m[1]), FRIDA, (call.body as { body: string }).body);
      return json(201, { data: sent });
    }
    m = /^\/api\/v1\/chat\/channels\/messages\/(\d+)\/read\/$/.exec(path);
    if (m && call.method === 'POST') {
      const read = call.body as ChatMessage;
      return json(200, {
        data: {
          chat_channel_id: read.chat_channel_id,
          user_id: 7,
          last_read_message_id: read.id,
          unread_count: 0,
        },
      });
    }
    m = /^\/api\/v1\/chat\/channels\/messages\/(\d+)\/$/.exec(path);
    if (m && call.method === 'PATCH') {
      const all = [...DIRECT_HISTORY, ...GROUP_HISTORY];
      const before = all.find((x) => x.id === Number(m![1]))!;
      const body = (call.body as { body: string }).body;
      return json(200, { data: { ...before, body, edited_at: '2026-03-02T10:00:00Z' } });
    }
    if (m && call.method === 'DELETE') return json(204, null);
    m = /^\/api\/v1\/chat\/channels\/(\d+)\/users\/(\d+\/)?$/.exec(path);
    if (m) return call.method === 'DELETE' ? json(204, null) : json(201, { data: GROUP });
    if (key === 'POST /api/v1/chat/channels/') return json(201, { data: DIRECT });
    if (key === 'GET /api/v1/chat/users/') {
      const staff = [
        { ...BORIS, role: 'BO', extra: 'Backend' },
        { ...ANNA, role: 'Admin', extra: 'Admin' },
        { ...ARTHUR, role: 'Accountant', extra: 'Accountant' },
      ].map((u) => ({
        id: u.id,
        named: u.name,
        name: u.name,
        role: u.role,
        office: null,
        office_title: null,
        extra: u.extra,
      }));
      return json(200, { data: staff, meta: { total: staff.length, limit: 20, offset: 0 } });
    }
    return undefined;
  };
  return options.first ? fakeApi(options.first, route) : fakeApi(route);
}
