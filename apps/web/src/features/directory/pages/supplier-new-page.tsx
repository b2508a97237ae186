import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useNavigationHelper } from '../../../lib/navigation/use-navigation-helper.ts';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useCreateRecord } from '../api/create-record.ts';
import { SupplierForm } from '../components/suppliers/supplier-form.tsx';
import { SUPPLIERS_PATH } from './paths.ts';

export function SupplierNewPage() {
  const create = useCreateRecord('suppliers');
  const navigate = useNavigate();
  const helper = useNavigationHelper();
  return (
    <Stack gap="md">
      <RecordHeader listPath={SUPPLIERS_PATH} listLabel="Suppliers" title="New supplier" />
      <SupplierForm
        submitLabel="Create supplier"
        onCancel={() => helper.backToList(SUPPLIERS_PATH)}
        onSubmit={async (values) => {
          const supplier = await create.mutateAsync(values);
          toast.success(`${supplier.name} was added.`, 'Supplier created');
          await navigate(`${SUPPLIERS_PATH}/${supplier.id}`, { replace: true });
        }}
      />
    </Stack>
  );
}

export default SupplierNewPage;
