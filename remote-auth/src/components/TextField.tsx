import type { ComponentProps } from 'react';
import { Field, Input } from '@campus/shared/ui';

type InputProps = ComponentProps<typeof Input>;

interface TextFieldProps extends Omit<InputProps, 'children'> {
  label: string;
  /** Validation text: marks the field invalid and is linked to it (aria-errormessage). */
  error?: string;
  helperText?: string;
}

/** A labelled input with its helper and error texts, wired for assistive technology by Chakra's Field. */
export function TextField({ label, error, helperText, disabled, ref, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input ref={ref} {...inputProps} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {/* Announced when it appears; the red panel keeps role="alert" for itself. */}
      <Field.ErrorText aria-live="polite">{error}</Field.ErrorText>
    </Field.Root>
  );
}
