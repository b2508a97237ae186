import type { Workspace } from '@app/shared/accounting/workspace.schemas';
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

type Rates = Workspace['rates'];

function ago(days: number | null): string {
  if (days === null) return '';
  if (days <= 0) return 'today';
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/**
 * The exchange rates' age: a prominent warning once the newest set is older than a week (amounts
 * in base currency would use old rates), a quiet line otherwise.
 */
export function RatesStaleness({ rates }: { rates: Rates }) {
  const link = (text: string) => (
    <Anchor component={Link} to={rates.href} fw={600}>
      {text}
    </Anchor>
  );
  if (rates.stale) {
    return (
      <Alert color="orange" variant="light" title="Exchange rates are out of date" role="alert">
        <Text size="sm">
          {rates.newest_set_at === null
            ? 'No exchange rates have been entered yet.'
            : `Rates last entered ${ago(rates.age_days)}.`}{' '}
          {link('Enter today’s rates')}
        </Text>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="rates-fresh">
      Rates last entered {ago(rates.age_days)} · {link('Exchange rates')}
    </Text>
  );
}
