import type { Supplier } from '@app/shared/directory/index';
import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { DetailsGrid } from '../common/details-grid.tsx';
import { RatingBadge } from '../common/rating-badge.tsx';
import { FormSectionView } from '../common/section-view.tsx';
import { SUPPLIER_FIELD_LABELS as L } from './supplier-labels.ts';

const websiteHref = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);

export function SupplierDetails({ supplier }: { supplier: Supplier }) {
  return (
    <Stack gap="md">
      <FormSectionView title="Supplier">
        <DetailsGrid
          items={[
            { label: L.name, value: supplier.name },
            { label: L.type, value: supplier.type },
            { label: L.rating, value: supplier.rating ? <RatingBadge rating={supplier.rating} /> : null },
            {
              label: L.tags,
              value:
                supplier.tags.length > 0 ? (
                  <Group gap={4} component="span">
                    {supplier.tags.map((t) => (
                      <Badge key={t} variant="light" color="gray" radius="sm" tt="none">
                        {t}
                      </Badge>
                    ))}
                  </Group>
                ) : null,
            },
            {
              label: L.services,
              value: supplier.services.length > 0 ? supplier.services.map((s) => s.named).join(', ') : null,
              wide: true,
            },
          ]}
        />
      </FormSectionView>
      <FormSectionView title="Contacts">
        <DetailsGrid
          items={[
            { label: L.contact_name, value: supplier.contact_name },
            {
              label: L.email,
              value: supplier.email ? (
                <Anchor href={`mailto:${supplier.email}`}>{supplier.email}</Anchor>
              ) : null,
            },
            { label: L.phone, value: supplier.phone },
            {
              label: L.website,
              value: supplier.website ? (
                <Anchor href={websiteHref(supplier.website)} target="_blank" rel="noopener noreferrer">
                  {supplier.website}
                </Anchor>
              ) : null,
            },
            { label: L.country, value: supplier.country },
            { label: L.city, value: supplier.city },
            { label: L.address, value: supplier.address, wide: true },
          ]}
        />
      </FormSectionView>
      <FormSectionView title="Payment">
        <DetailsGrid
          items={[
            {
              label: L.payment_terms_days,
              value: supplier.payment_terms_days === null ? null : `${supplier.payment_terms_days} days`,
            },
            { label: L.currency, value: supplier.currency },
            { label: L.bank_name, value: supplier.bank_name },
            { label: L.bank_account, value: supplier.bank_account },
            { label: L.bank_swift, value: supplier.bank_swift },
            { label: L.notes, value: supplier.notes, wide: true },
          ]}
        />
      </FormSectionView>
    </Stack>
  );
}
