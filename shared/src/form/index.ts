/**
 * The form kit, `@campus/shared/form`: every form in the product holds its
 * values with `useContractForm(schema)` (react-hook-form checked by the
 * contract's zod schema) and draws its fields with these components. It is a
 * federation module of its own, so pages without a form do not download
 * react-hook-form, and every remote uses the same copy: import
 * react-hook-form's helpers from here, never from the package.
 */
export { useContractForm, firstErrorMessage, type ContractFormOptions, type FormSchema } from './use-contract-form';
export { contractResolver } from './resolver';
export { FormStack, type FormStackProps } from './FormStack';
export { TextField, TextareaField, SelectField, type TextFieldProps, type TextareaFieldProps, type SelectFieldProps } from './fields';
export {
  Controller,
  useWatch,
  type FieldErrors,
  type SubmitHandler,
  type UseFormRegister,
  type UseFormReturn,
  type UseFormSetValue,
} from 'react-hook-form';
