import type { FormEventHandler, ReactNode } from 'react';
import { Stack, type StackProps } from '@campus/shared/ui';

export interface FormStackProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The id of the heading that names the form. */
  labelledBy?: string;
  /** The form's name when no heading names it. */
  label?: string;
  gap?: StackProps['gap'];
  maxW?: StackProps['maxW'];
  children: ReactNode;
}

/** A form laid out as a stack; noValidate so our messages, not the browser's, are shown. */
export function FormStack({ onSubmit, labelledBy, label, gap = 5, maxW, children }: FormStackProps) {
  return (
    // method="post": a page's HTML may carry a copy of the form before the app runs; were it
    // ever sent natively, a password must not go into the address (the static server answers 405).
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} aria-label={label}>
      <Stack gap={gap} maxW={maxW}>
        {children}
      </Stack>
    </form>
  );
}
