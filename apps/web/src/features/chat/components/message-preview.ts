import type { ChatChannel, ChatMessage } from '@app/shared/chat/chat.schemas';

const pad = (n: number) => String(n).padStart(2, '0');

/** A message's time of day: `14:05`. */
export function timeOfDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The day in the viewer's zone, `DD/MM/YYYY` (spec 9). */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** Today's messages by their time, older ones by their day. */
export function shortWhen(iso: string, now = new Date()): string {
  return dayOf(iso) === dayOf(now.toISOString()) ? timeOfDay(iso) : dayOf(iso);
}

/** A day separator's words: Today, Yesterday or the day. */
export function dayLabel(iso: string, now = new Date()): string {
  const day = dayOf(iso);
  if (day === dayOf(now.toISOString())) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return day === dayOf(yesterday.toISOString()) ? 'Yesterday' : day;
}

/** The channel list's line under a title: who said what last. */
export function lastMessageLine(channel: ChatChannel, selfId: number): string {
  const m: ChatMessage | null = channel.last_message;
  if (!m) return 'No messages yet';
  const text = m.deleted ? 'Message deleted' : m.body.replace(/\s+/g, ' ');
  if (m.author.id === selfId) return `You: ${text}`;
  return channel.kind === 'group' ? `${m.author.name}: ${text}` : text;
}
