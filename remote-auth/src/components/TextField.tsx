import { useId, type ComponentProps } from 'react';
import { Field, Input } from '@campus/shared/ui';

type InputProps = ComponentProps<typeof Input>;

interface TextFieldProps extends Omit<InputProps, 'children'> {
  label: string;
  /** Validation text: marks the field invalid and is part of the input's description (aria-describedby). */
  error?: string;
  helperText?: string;
}

/**
 * A labelled input with its helper and error texts. Chakra's Field links the
 * error only through aria-errormessage, which screen readers announce
 * unreliably, so the input's aria-describedby names the helper text and, while
 * the field is invalid, the error text too (errors are announced).
 */
export function TextField({ label, error, helperText, disabled, ref, 'aria-describedby': describedBy, ...inputProps }: TextFieldProps) {
  const uid = useId();
  const helperTextId = `${uid}-helper-text`;
  const errorTextId = `${uid}-error-text`;
  const description =
    [describedBy, helperText ? helperTextId : undefined, error ? errorTextId : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} ids={{ helperText: helperTextId, errorText: errorTextId }}>
      <Field.Label>{label}</Field.Label>
      <Input ref={ref} {...inputProps} aria-describedby={description} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {/* Announced when it appears; the red panel keeps role="alert" for itself. */}
      <Field.ErrorText aria-live="polite">{error}</Field.ErrorText>
    </Field.Root>
  );
}
