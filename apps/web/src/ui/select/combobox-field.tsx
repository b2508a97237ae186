import { Combobox, type ComboboxStore, useCombobox } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ComponentProps, ReactNode, Ref } from 'react';
import type { FieldBaseProps } from '../field/field-props';
import { useFieldError } from '../field/use-field-error';
import { MultiTarget, type PillItem, SearchBox, SingleTarget, type TargetCommon } from './combobox-parts';

/** What Select and Picker both take besides their data and value. */
export interface ComboboxFieldProps extends FieldBaseProps {
  /** Set false to never offer Clear (single choice). @default true */
  clearable?: boolean;
  nothingFound?: string;
  /** Names the field when it has no visible label; set on the focusable input. */
  'aria-label'?: string;
  ref?: Ref<HTMLButtonElement | HTMLInputElement>;
}

/** Single choice: one key (or none) and the item it names. */
export interface SingleChoiceProps<K, T> {
  multiple?: false;
  value: K | null | undefined;
  onChange: (value: K | null, item: T | null) => void;
}

/** Multi choice: the chosen keys in order and their items. */
export interface MultiChoiceProps<K, T> {
  multiple: true;
  value: readonly K[] | null | undefined;
  onChange: (values: K[], items: T[]) => void;
}

/**
 * The state Select and Picker share: the dropdown store, 'Required field' once the field has been
 * left (by blur or by closing the list) and the props of the target.
 */
export function useComboboxField(
  props: ComboboxFieldProps,
  options: { multiple: boolean; empty: boolean; onOpen: (store: ComboboxStore) => void },
) {
  const {
    clearable = true,
    label,
    placeholder,
    description,
    error: outerError,
    required,
    disabled,
    readOnly,
    id,
    className,
    onBlur,
    ref,
    'aria-label': ariaLabel,
  } = props;
  const inputId = useId(id);
  const { error, markTouched } = useFieldError({ error: outerError, required, empty: options.empty });

  const combobox = useCombobox({
    onDropdownOpen: () => options.onOpen(combobox),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      markTouched();
      onBlur?.();
    },
  });

  const target: TargetCommon = {
    id: inputId,
    label,
    description,
    placeholder,
    error,
    required,
    disabled,
    className,
    'aria-label': ariaLabel,
    opened: combobox.dropdownOpened,
    onToggle: () => {
      if (!disabled && !readOnly) combobox.toggleDropdown();
    },
    onBlur: () => {
      if (!combobox.dropdownOpened) {
        markTouched();
        onBlur?.();
      }
    },
    ref,
  };
  const canClear = !options.multiple && clearable && !required && !disabled && !readOnly && !options.empty;

  return { combobox, target, canClear };
}

export type ComboboxChoice =
  | { multiple: true; pills: PillItem[]; onRemove: (key: string) => void }
  | { multiple: false; selectedLabel: ReactNode | null; onClear: () => void };

export interface ComboboxShellProps {
  field: ReturnType<typeof useComboboxField>;
  choice: ComboboxChoice;
  onOptionSubmit: (key: string) => void;
  /** The 'Start typing...' box at the top of the list. */
  search?: { value: string; onChange: (value: string) => void };
  optionsProps?: Omit<ComponentProps<typeof Combobox.Options>, 'children'>;
  /** The rows of the list (options, groups, loader, empty state). */
  children: ReactNode;
}

/** The target (button or pills) and the dropdown with its scrolling list, in one Combobox. */
export function ComboboxShell({
  field,
  choice,
  onOptionSubmit,
  search,
  optionsProps,
  children,
}: ComboboxShellProps) {
  const { combobox, target, canClear } = field;
  return (
    <Combobox store={combobox} onOptionSubmit={onOptionSubmit} withinPortal>
      {choice.multiple ? (
        <MultiTarget {...target} pills={choice.pills} onRemove={choice.onRemove} />
      ) : (
        <SingleTarget
          {...target}
          selectedLabel={choice.selectedLabel}
          onClear={canClear ? choice.onClear : undefined}
        />
      )}
      <Combobox.Dropdown>
        {search && <SearchBox value={search.value} onChange={search.onChange} />}
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} {...optionsProps}>
          {children}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
