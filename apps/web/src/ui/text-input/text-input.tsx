import { InputBase, TextInput as MantineTextInput, PasswordInput } from '@mantine/core';
import { type ChangeEvent, type ReactNode, type Ref, useState } from 'react';
import { IMaskInput } from 'react-imask';
import type { FieldBaseProps } from '../field/field-props';
import { useFieldError } from '../field/use-field-error';
import { useQueryParamPrefill } from '../field/use-query-param-prefill';
import { applyCase, type CaseMode } from './case-mode';
import { boundsMessage, sameUnmasked, type TextMask, toImaskOptions } from './input-mask';

export interface TextInputProps extends FieldBaseProps {
  value: string | null | undefined;
  /** Receives the value as the form should keep it: case applied, mask removed. */
  onChange: (value: string) => void;
  /** `password` adds the show/hide eye. */
  type?: 'text' | 'password' | 'email' | 'tel' | 'search' | 'url';
  /** Shown on the left inside the input. */
  icon?: ReactNode;
  rightSection?: ReactNode;
  mask?: TextMask;
  /** lower, title or upper case (ignored when a mask is set). */
  caseMode?: CaseMode;
  /** Prefill from the query-string parameter named like the control (`name`). */
  filtering?: boolean;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'search' | 'url';
  ref?: Ref<HTMLInputElement>;
  'aria-label'?: string;
}

/** Spec 2.6 text input on Mantine: top label, placeholder, icon, password eye, masks, case. */
export function TextInput(props: TextInputProps) {
  const {
    value,
    onChange,
    onBlur,
    type = 'text',
    icon,
    rightSection,
    mask,
    caseMode,
    filtering,
    error: outerError,
    required,
    name,
    ref,
    ...rest
  } = props;
  const text = value ?? '';
  const { error, markTouched } = useFieldError({
    error: outerError,
    required,
    empty: text.trim() === '',
    // a number mask keeps a value past its bounds and says so (spec 5), rather than changing it
    ownError: mask ? boundsMessage(mask, text) : null,
  });
  const [visible, setVisible] = useState(false);

  useQueryParamPrefill(filtering, name, ([first]) => {
    if (first !== undefined) onChange(mask ? first : applyCase(first, caseMode));
  });

  const handleBlur = () => {
    markTouched();
    onBlur?.();
  };

  const common = {
    ...rest,
    name,
    required,
    error,
    leftSection: icon,
    onBlur: handleBlur,
  };

  if (mask) {
    return (
      <InputBase
        {...common}
        rightSection={rightSection}
        component={IMaskInput}
        {...toImaskOptions(mask)}
        inputRef={ref}
        type={type === 'password' ? 'password' : 'text'}
        inputMode={rest.inputMode ?? (mask.kind === 'pattern' ? undefined : 'decimal')}
        unmask={true}
        value={text}
        // IMask reports every accepted edit with the unmasked value (no separators, dot decimal).
        onAccept={(unmasked: string) => {
          if (!sameUnmasked(mask, unmasked, text)) onChange(unmasked);
        }}
      />
    );
  }

  // Case is applied in place, keeping the caret where the person is typing.
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const next = applyCase(input.value, caseMode);
    if (next !== input.value && next.length === input.value.length) {
      const { selectionStart, selectionEnd } = input;
      input.value = next;
      if (selectionStart !== null && selectionEnd !== null)
        input.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange(next);
  };

  if (type === 'password') {
    return (
      <PasswordInput
        {...common}
        ref={ref}
        value={text}
        onChange={handleChange}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password' }}
      />
    );
  }

  return (
    <MantineTextInput
      {...common}
      ref={ref}
      type={type}
      rightSection={rightSection}
      value={text}
      onChange={handleChange}
    />
  );
}
