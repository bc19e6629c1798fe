import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { renderWithProviders } from '../testing';
import { FormStack, TextField, firstErrorMessage, useContractForm } from '.';

const schema = z.object({
  name: z.string().trim().min(1, { message: 'Please enter your name' }),
  age: z.preprocess((v) => Number(v), z.number().int().min(18, { message: 'You must be 18' })),
});

function Example({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(schema, { defaultValues: { name: '', age: '' } });
  return (
    <FormStack onSubmit={handleSubmit(onValid)} labelledBy="example-title">
      <h2 id="example-title">Example</h2>
      <TextField label="Name" helperText="As on your ID card" error={errors.name?.message} {...register('name')} />
      <TextField label="Age" error={errors.age?.message} {...register('age')} />
      <p data-testid="first-error">{firstErrorMessage(errors) ?? ''}</p>
      <button type="submit">Save</button>
    </FormStack>
  );
}

describe('the form kit', () => {
  it("shows each field's first issue from the contract schema, announced through aria-describedby", async () => {
    const onValid = jest.fn();
    renderWithProviders(<Example onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('As on your ID card Please enter your name');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveAccessibleDescription('You must be 18');
    // In the schema's order: the form that shows one banner shows this one.
    expect(screen.getByTestId('first-error')).toHaveTextContent('Please enter your name');
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Example' })).toHaveAttribute('novalidate');
  });

  it("hands the submit handler the schema's output (trimmed, transformed)", async () => {
    const onValid = jest.fn();
    renderWithProviders(<Example onValid={onValid} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Ada  ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Age' }), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0]).toEqual({ name: 'Ada', age: 21 });
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });
});
