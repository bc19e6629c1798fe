import type { FormEventHandler, ReactNode } from 'react';
import { Stack } from '@campus/shared/ui';

interface FormStackProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The id of the heading that names the form. */
  labelledBy: string;
  gap?: number;
  children: ReactNode;
}

/** A form laid out as a stack; noValidate so our messages, not the browser's, are shown. */
export function FormStack({ onSubmit, labelledBy, gap = 5, children }: FormStackProps) {
  return (
    // method="post": the page's HTML carries a copy of this form before the app runs; were
    // it ever sent natively, the password must not go into the address (the static server answers 405).
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}
