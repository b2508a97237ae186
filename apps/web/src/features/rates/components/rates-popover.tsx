import { ACCESS, canAccess } from '@app/shared/auth/access';
import { RATES_WRITE_ACCESS } from '@app/shared/rates/rates.access';
import { RATES_STALE_AFTER_DAYS } from '@app/shared/rates/rates.messages';
import type { CurrentRates } from '@app/shared/rates/rates.schemas';
import { isRateUpdateNeeded } from '@app/shared/rates/staleness';
import { Alert, Anchor, Group, Indicator, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { StrokeIcon } from '../../../ui/icons/stroke-icon.tsx';
import { IconPopover, usePopoverToggle } from '../../../ui/popover/icon-popover.tsx';
import { useCurrentRates } from '../api/get-current-rates.ts';
import { EXCHANGE_RATES_PATH } from './exchange-rate-dialog.tsx';
import { formatRateDate } from './rate-format.ts';
import { RatesTable } from './rates-table.tsx';
import { WHO_CAN_UPDATE_RATES } from './stale-rates.ts';

/** What the popover shows for a loaded answer; split out so tests can give it a clock. */
export function RatesPopoverContent({ rates, now = new Date() }: { rates: CurrentRates | null; now?: Date }) {
  const user = useCurrentUser();
  if (!rates) return <Text size="sm">No exchange rates yet.</Text>;
  // spec 4: rateUpdNeeded once the rates are older than RATES_STALE_AFTER_DAYS (15) days
  const updateNeeded = isRateUpdateNeeded(rates.created_at, now);
  const canWrite = user !== undefined && canAccess(user, RATES_WRITE_ACCESS);
  const seesRatesPage = user !== undefined && canAccess(user, ACCESS.accounting);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="lg">
        <Text fw={600}>Exchange rates</Text>
        <Text size="sm" c="dimmed" data-testid="rates-date">
          {formatRateDate(rates.created_at)}
        </Text>
      </Group>
      {updateNeeded && (
        <Alert color="orange" variant="light" p="xs" role="alert" data-testid="rates-stale-warning">
          These rates are more than {RATES_STALE_AFTER_DAYS} days old.{' '}
          {canWrite ? (
            seesRatesPage ? (
              <Anchor component={Link} to={EXCHANGE_RATES_PATH} size="sm" fw={600}>
                Update the exchange rates
              </Anchor>
            ) : (
              'Please update the exchange rates.'
            )
          ) : (
            WHO_CAN_UPDATE_RATES
          )}
        </Alert>
      )}
      <RatesTable rates={rates.rates} />
      {seesRatesPage && (
        <Anchor component={Link} to={EXCHANGE_RATES_PATH} size="sm">
          All exchange rates
        </Anchor>
      )}
    </Stack>
  );
}

/** The header's exchange-rates popover (spec 2.3): the current table and the staleness warning. */
export function RatesPopover() {
  const toggle = usePopoverToggle();
  const current = useCurrentRates();
  const stale = current.data ? isRateUpdateNeeded(current.data.created_at) : false;
  return (
    <IconPopover
      {...toggle}
      label="Exchange rates"
      buttonLabel={stale ? 'Exchange rates (update needed)' : 'Exchange rates'}
      icon={<StrokeIcon d="M4 8h13l-3-3M20 16H7l3 3" strokeLinejoin="round" />}
      width={340}
      data-testid="rates-popover-button"
      decorate={(button) => (
        <Indicator color="orange" size={9} offset={6} disabled={!stale} processing={false}>
          {button}
        </Indicator>
      )}
    >
      {current.isPending ? (
        <Loader size="sm" aria-label="Loading exchange rates" />
      ) : current.isError ? (
        <Text size="sm" c="red">
          Error fetching data
        </Text>
      ) : (
        <RatesPopoverContent rates={current.data ?? null} />
      )}
    </IconPopover>
  );
}

export default RatesPopover;
