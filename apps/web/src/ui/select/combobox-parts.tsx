import {
  Checkbox,
  CloseButton,
  Combobox,
  Group,
  Input,
  InputBase,
  Pill,
  PillsInput,
  Text,
} from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * Pieces shared by Select and Picker so both look and behave alike: a button target for single
 * choice (label, placeholder, Clear or chevron), a pills target for multi choice (each pill removed
 * on its own) and an option row with an optional right-aligned extra value.
 */

export const SEARCH_PLACEHOLDER = 'Start typing...';
export const NOTHING_FOUND = 'Nothing found';

export interface TargetCommon {
  id: string;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** Names the focusable input when there is no visible label. */
  'aria-label'?: string;
  opened: boolean;
  onToggle: () => void;
  onBlur: () => void;
  ref?: Ref<HTMLButtonElement | HTMLInputElement>;
}

export interface SingleTargetProps extends TargetCommon {
  selectedLabel: ReactNode | null;
  /** When set, a Clear button replaces the chevron. */
  onClear?: () => void;
}

/** `Combobox.Target` wraps this: a button showing the choice, so Space/Enter/arrows open the list. */
export function SingleTarget(props: SingleTargetProps) {
  const { selectedLabel, onClear, opened, onToggle, onBlur, placeholder, ref, ...rest } = props;
  return (
    <Combobox.Target targetType="button" withExpandedAttribute>
      <InputBase
        {...rest}
        ref={ref as Ref<HTMLButtonElement>}
        component="button"
        type="button"
        pointer
        onClick={onToggle}
        onBlur={onBlur}
        rightSection={
          onClear ? (
            <CloseButton
              size="sm"
              aria-label="Clear"
              // mousedown would move focus and reopen the list before the click lands
              onMouseDown={(e) => e.preventDefault()}
              onClick={onClear}
            />
          ) : (
            <Combobox.Chevron />
          )
        }
        rightSectionPointerEvents={onClear ? 'all' : 'none'}
        data-expanded={opened || undefined}
      >
        {selectedLabel ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
      </InputBase>
    </Combobox.Target>
  );
}

export interface PillItem {
  key: string;
  label: string;
}

export interface MultiTargetProps extends TargetCommon {
  pills: PillItem[];
  onRemove: (key: string) => void;
}

/** Pills, each with its own remove button; the read-only field keeps keyboard focus and navigation. */
export function MultiTarget(props: MultiTargetProps) {
  const {
    pills,
    onRemove,
    opened,
    onToggle,
    onBlur,
    placeholder,
    disabled,
    ref,
    'aria-label': ariaLabel,
    ...rest
  } = props;
  return (
    <Combobox.DropdownTarget>
      {/* The wrapper's id reaches the field through Mantine's input context (label `for`), so the
          field does not set it again: one element carries the id. */}
      <PillsInput {...rest} disabled={disabled} pointer onClick={onToggle}>
        <Pill.Group>
          {pills.map((p) => (
            <Pill
              key={p.key}
              withRemoveButton={!disabled}
              onRemove={() => onRemove(p.key)}
              // Mantine hides the remove button from keyboards; here each pill is removable by Tab + Enter.
              removeButtonProps={{ 'aria-label': `Remove ${p.label}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {p.label}
            </Pill>
          ))}
          <Combobox.EventsTarget withExpandedAttribute>
            <PillsInput.Field
              ref={ref as Ref<HTMLInputElement>}
              aria-label={ariaLabel}
              readOnly
              pointer
              disabled={disabled}
              placeholder={pills.length === 0 ? placeholder : undefined}
              aria-haspopup="listbox"
              data-expanded={opened || undefined}
              onBlur={onBlur}
              onKeyDown={(e) => {
                // Backspace removes the last pill, as in Mantine's MultiSelect.
                const last = pills[pills.length - 1];
                if (e.key === 'Backspace' && last && !disabled) {
                  e.preventDefault();
                  onRemove(last.key);
                }
              }}
            />
          </Combobox.EventsTarget>
        </Pill.Group>
      </PillsInput>
    </Combobox.DropdownTarget>
  );
}

export interface OptionRowProps {
  value: string;
  label: string;
  extra?: string | null;
  selected: boolean;
  /** Multi choice shows a checkbox on every row. */
  withCheckbox?: boolean;
  indeterminate?: boolean;
  bold?: boolean;
}

export function OptionRow({
  value,
  label,
  extra,
  selected,
  withCheckbox,
  indeterminate,
  bold,
}: OptionRowProps) {
  return (
    <Combobox.Option value={value} active={selected} aria-selected={selected}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          {withCheckbox && (
            <Checkbox
              checked={selected}
              indeterminate={indeterminate}
              readOnly
              tabIndex={-1}
              aria-hidden
              size="xs"
              style={{ pointerEvents: 'none' }}
            />
          )}
          <Text size="sm" fw={bold ? 600 : undefined}>
            {label}
          </Text>
        </Group>
        {extra && (
          <Text size="sm" c="dimmed" ta="right">
            {extra}
          </Text>
        )}
      </Group>
    </Combobox.Option>
  );
}

export function SearchBox(props: { value: string; onChange: (value: string) => void; label?: string }) {
  return (
    <Combobox.Search
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      placeholder={SEARCH_PLACEHOLDER}
      aria-label={props.label ?? 'Search'}
    />
  );
}
