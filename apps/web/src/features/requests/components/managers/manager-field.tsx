import type { ManagerRole } from '@app/shared/directory/managers.schemas';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { PickerField } from '../../../../ui/form/form-fields.tsx';

/** The picker lists Admins too: a request takes an Admin as its FO or BO manager. */
export const MANAGER_PICKER_WITH_ADMINS = { with_admins: true } as const;

/**
 * A request's FO or BO manager: active users of that role and the active Admins, each with its
 * office on the right ('Admin · London' for an Admin). The create page and the header's Edit use
 * it alike.
 */
export function ManagerField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  managerRole: role,
  known,
  required = false,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  managerRole: ManagerRole;
  /** The current manager, so the picker shows the name without a preload. */
  known?: { id: number; named: string } | null;
  required?: boolean;
}) {
  return (
    <PickerField
      control={control}
      name={name}
      label={`${role} manager`}
      object="managers/picker"
      params={{ role, ...MANAGER_PICKER_WITH_ADMINS }}
      preloadParams={MANAGER_PICKER_WITH_ADMINS}
      displayField="named"
      extraField="extra"
      required={required}
      initialItems={known ? [known] : []}
      placeholder={required ? undefined : 'Not assigned'}
    />
  );
}
