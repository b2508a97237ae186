import { formatDisplayDate } from '@app/shared';
import type { Client } from '@app/shared/directory/index';
import { Anchor, Stack } from '@mantine/core';
import { DetailsGrid } from '../common/details-grid.tsx';
import { RatingBadge } from '../common/rating-badge.tsx';
import { FormSectionView } from '../common/section-view.tsx';
import { CLIENT_FIELD_LABELS as L, languageLabel, membershipLabel } from './client-labels.ts';

const date = (value: string | null) => (value ? formatDisplayDate(value) : null);

export function ClientDetails({ client }: { client: Client }) {
  return (
    <Stack gap="md">
      <FormSectionView title="Person">
        <DetailsGrid
          items={[
            { label: L.first_name, value: client.first_name },
            { label: L.last_name, value: client.last_name },
            { label: L.gender, value: client.gender },
            { label: L.language, value: client.language ? languageLabel(client.language) : null },
            { label: L.birthday, value: date(client.birthday) },
            { label: L.nationality, value: client.nationality },
          ]}
        />
      </FormSectionView>
      <FormSectionView title="Contacts">
        <DetailsGrid
          items={[
            {
              label: L.email,
              value: client.email ? <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor> : null,
            },
            {
              label: L.phone,
              value: client.phone ? <Anchor href={`tel:${client.phone}`}>{client.phone}</Anchor> : null,
            },
            { label: L.phone_alt, value: client.phone_alt },
            { label: L.address, value: client.address },
            { label: L.city, value: client.city },
            { label: L.country, value: client.country },
          ]}
        />
      </FormSectionView>
      <FormSectionView title="Passport">
        <DetailsGrid
          items={[
            { label: L.passport_number, value: client.passport_number },
            { label: L.passport_expiry, value: date(client.passport_expiry) },
          ]}
        />
      </FormSectionView>
      <FormSectionView title="Membership and rating">
        <DetailsGrid
          cols={4}
          items={[
            {
              label: L.membership,
              value: client.membership ? membershipLabel(client.membership) : 'No plan',
            },
            { label: L.membership_start, value: date(client.membership_start) },
            { label: L.membership_end, value: date(client.membership_end) },
            { label: L.rating, value: <RatingBadge rating={client.rating} /> },
          ]}
        />
      </FormSectionView>
      <FormSectionView title="Management">
        <DetailsGrid
          items={[
            { label: L.fo_manager, value: client.fo_manager?.name ?? 'Not assigned' },
            {
              label: L.office,
              value: client.office ? `${client.office.title} (${client.office.ccy})` : null,
            },
            {
              label: L.payment_terms_days,
              value:
                client.payment_terms_days === null
                  ? 'Default (14 days)'
                  : `${client.payment_terms_days} days`,
            },
            { label: L.notes, value: client.notes, wide: true },
          ]}
        />
      </FormSectionView>
    </Stack>
  );
}
