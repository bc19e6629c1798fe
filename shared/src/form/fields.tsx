import { useId, type ComponentProps, type ReactNode } from 'react';
import { Field, Input, NativeSelect, Textarea } from '@campus/shared/ui';

interface FieldFrameProps {
  label: ReactNode;
  /** Validation text: marks the field invalid and is part of the control's description (aria-describedby). */
  error?: string;
  helperText?: ReactNode;
  /** The control gets `required`/`aria-required`, and the label the required mark unless `requiredMark` is false. */
  required?: boolean;
  requiredMark?: boolean;
  /** A small field (a form inside a card or a list row): small label and control. */
  small?: boolean;
  disabled?: boolean;
  describedBy?: string;
  children: (control: { 'aria-describedby'?: string }) => ReactNode;
}

/**
 * Label, control, helper and error texts. Chakra's Field links the error only
 * through aria-errormessage, which screen readers announce unreliably, so the
 * control's aria-describedby names the helper text and, while the field is
 * invalid, the error text too (errors are announced).
 */
function FieldFrame({ label, error, helperText, required, requiredMark = true, small, disabled, describedBy, children }: FieldFrameProps) {
  const uid = useId();
  const helperTextId = `${uid}-helper-text`;
  const errorTextId = `${uid}-error-text`;
  const description =
    [describedBy, helperText ? helperTextId : undefined, error ? errorTextId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} ids={{ helperText: helperTextId, errorText: errorTextId }}>
      <Field.Label fontSize={small ? 'sm' : undefined}>
        {label}
        {required && requiredMark ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      {children({ 'aria-describedby': description })}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {/* Announced when it appears; a form's red panel keeps role="alert" for itself. */}
      {error ? <Field.ErrorText aria-live="polite">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

type FrameProps = Omit<FieldFrameProps, 'children' | 'describedBy'>;
type OwnFrameKeys = keyof FrameProps | 'aria-describedby';

/** A field's props split into its frame's (label, texts, required, small, disabled) and its control's. */
function splitFrameProps<P extends FrameProps & { 'aria-describedby'?: string | undefined }>(
  props: P,
): [Omit<FieldFrameProps, 'children'>, Omit<P, OwnFrameKeys>] {
  const { label, error, helperText, required, requiredMark, small, disabled, 'aria-describedby': describedBy, ...control } = props;
  return [{ label, error, helperText, required, requiredMark, small, disabled, describedBy }, control];
}

export type TextFieldProps = FrameProps & Omit<ComponentProps<typeof Input>, 'children' | 'required'>;

/** A labelled input (text, e-mail, password, number, file...) with its helper and error texts. */
export function TextField(props: TextFieldProps) {
  const [frame, inputProps] = splitFrameProps(props);
  return <FieldFrame {...frame}>{(aria) => <Input size={frame.small ? 'sm' : undefined} {...inputProps} {...aria} />}</FieldFrame>;
}

export type TextareaFieldProps = FrameProps & Omit<ComponentProps<typeof Textarea>, 'children' | 'required'>;

/** A labelled textarea with its helper and error texts. */
export function TextareaField(props: TextareaFieldProps) {
  const [frame, textareaProps] = splitFrameProps(props);
  return <FieldFrame {...frame}>{(aria) => <Textarea size={frame.small ? 'sm' : undefined} {...textareaProps} {...aria} />}</FieldFrame>;
}

export type SelectFieldProps = FrameProps &
  Omit<ComponentProps<typeof NativeSelect.Field>, 'children' | 'required'> & {
    /** The choices, value and text alike, or `{ value, label }`. */
    options: readonly (string | { value: string; label: string })[];
    placeholder?: string;
  };

/** A labelled native select with its helper and error texts. */
export function SelectField(props: SelectFieldProps) {
  const [frame, { options, placeholder, ...selectProps }] = splitFrameProps(props);
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <NativeSelect.Root size={frame.small ? 'sm' : undefined}>
          <NativeSelect.Field placeholder={placeholder} {...selectProps} {...aria}>
            {options.map((option) => {
              const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
              return (
                <option key={value} value={value}>
                  {text}
                </option>
              );
            })}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FieldFrame>
  );
}
