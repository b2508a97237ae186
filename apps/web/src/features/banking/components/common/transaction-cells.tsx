import { isReceiveType, type TransactionCounterparty } from '@app/shared/banking/transactions.schemas';
import { TRANSACTION_WAYS, type TransactionType } from '@app/shared/value-lists';
import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../../../../lib/format/format-money.ts';

/**
 * The cells a bank line reads the same in everywhere it is listed (Transactions, Matched data):
 * its type, way, signed amount, counterparty link, bank text and match status.
 */

/** A link or button in a row must not also open the row. */
export const stopRowClick = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** `RECEIVE-OVERPAYMENT` -> `Receive · overpayment`. */
export function transactionTypeLabel(type: string): string {
  const [family = type, kind] = type.split('-');
  const head = family.charAt(0) + family.slice(1).toLowerCase();
  return kind ? `${head} · ${kind.toLowerCase()}` : head;
}

/**
 * A way in words. A money-in top-up raises the client's credit and a money-out reduce spends it,
 * so those two read as the balance they move (spec: "Increase balance" / "Reduce balance").
 */
export function transactionWayLabel(way: string, type?: string): string {
  if (type && way === 'top_up' && isReceiveType(type)) return 'Top-Up (increase balance)';
  if (type && way === 'reduce' && !isReceiveType(type)) return 'Reduce balance';
  return TRANSACTION_WAYS.find((w) => w.value === way)?.label ?? way;
}

/** Money in green, money out red; transfer legs outlined, since they are matched by their pair. */
export function TransactionTypeBadge({ type }: { type: TransactionType | string }) {
  const receive = isReceiveType(type);
  return (
    <Badge
      color={receive ? 'green' : 'red'}
      variant={type.endsWith('-TRANSFER') ? 'outline' : 'light'}
      radius="sm"
      tt="none"
      style={{ whiteSpace: 'nowrap' }}
      data-testid="transaction-type"
    >
      {transactionTypeLabel(type)}
    </Badge>
  );
}

/** Matched (fully allocated) or Unmatched: derived by the server, never set by hand. */
export function MatchStatusBadge({ status }: { status: 'matched' | 'unmatched' }) {
  return (
    <Badge
      color={status === 'matched' ? 'teal' : 'orange'}
      variant={status === 'matched' ? 'light' : 'outline'}
      radius="sm"
      tt="none"
      data-testid="match-status"
    >
      {status === 'matched' ? 'Matched' : 'Unmatched'}
    </Badge>
  );
}

/** The amount as it moves the account: a SPEND is shown with a minus (the stored amount is unsigned). */
export function signedAmount(amount: string, type: string): string {
  return isReceiveType(type) || /^0*(\.0*)?$/.test(amount) ? amount : `-${amount}`;
}

/** An amount in its currency, right-aligned by its column, digits of equal width so columns line up. */
export function AmountText({
  amount,
  currency,
  type,
  dimmed = false,
  strong = false,
}: {
  amount: string;
  currency: string;
  /** Given: signed by the direction and coloured (in green, out red). */
  type?: string;
  dimmed?: boolean;
  strong?: boolean;
}) {
  const shown = type ? signedAmount(amount, type) : amount;
  const color = dimmed ? 'dimmed' : type ? (isReceiveType(type) ? 'green.8' : 'red.8') : undefined;
  return (
    <Text
      span
      size="sm"
      fw={strong ? 600 : undefined}
      c={color}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      {formatMoney(shown, currency)}
    </Text>
  );
}

/** A client's or supplier's page. */
export function counterpartyPath(counterparty: Pick<TransactionCounterparty, 'kind' | 'id'>): string {
  return `/directory/${counterparty.kind === 'client' ? 'clients' : 'suppliers'}/${counterparty.id}`;
}

/** The counterparty's name, a link to its page; a dash when the line has none yet. */
export function CounterpartyLink({ counterparty }: { counterparty: TransactionCounterparty | null }) {
  if (!counterparty)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={counterpartyPath(counterparty)}
      size="sm"
      onClick={stopRowClick}
      style={{ overflowWrap: 'anywhere' }}
      title={counterparty.kind === 'client' ? 'Client' : 'Supplier'}
    >
      {counterparty.name}
    </Anchor>
  );
}

/** The bank's text cut to `lines` lines; the whole of it on hover (the title). */
export function ReferenceText({ reference, lines = 1 }: { reference: string | null; lines?: number }) {
  if (!reference)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" lineClamp={lines} style={{ overflowWrap: 'anywhere' }} title={reference}>
      {reference}
    </Text>
  );
}
