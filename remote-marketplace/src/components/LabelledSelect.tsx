import { Field, NativeSelect } from '@campus/shared/ui';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: small, keyboard and screen-reader friendly on every phone. */
export function LabelledSelect(props: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  hideLabel?: boolean;
  minW?: string;
}) {
  const { label, value, options, onChange, hideLabel = false, minW } = props;
  return (
    <Field.Root minW={minW} w={minW ? 'auto' : 'full'}>
      <Field.Label srOnly={hideLabel} fontSize="sm">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={hideLabel ? label : undefined}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
