import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DesignSystemProvider } from '@campus/shared/ui';
import { CodeBoxes } from './CodeBoxes';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <DesignSystemProvider>
      <CodeBoxes value={value} onChange={setValue} />
      <div data-testid="value">{value}</div>
    </DesignSystemProvider>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const value = () => screen.getByTestId('value').textContent;

describe('CodeBoxes', () => {
  it('shows six labelled single-character boxes', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
  });

  it('typing a digit moves to the next box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveValue('3');
    expect(box(4)).toHaveFocus();
    expect(value()).toBe('123');
  });

  it('ignores anything but digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
  });

  it('Backspace on an empty box goes back and clears the previous box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(box(3)).toHaveValue('');
    expect(value()).toBe('12');
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(value()).toBe('1');
  });

  it('Backspace on a filled box clears it first', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
  });

  it('pasting a 6-digit code fills all six', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.paste('482913');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('482913');
    expect(value()).toBe('482913');
    expect(box(6)).toHaveFocus();
  });

  it('pasting into any box fills from the first, ignoring spaces and dashes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(4));
    await user.paste('482-913 ');
    expect(value()).toBe('482913');
  });
});
