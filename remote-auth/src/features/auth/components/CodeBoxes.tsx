import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { HStack, Input } from '@campus/shared/ui';
import { VERIFICATION_CODE_LENGTH } from '@campus/shared/constants';

export interface CodeBoxesHandle {
  /** Focus the first empty box (or the last one when all are filled). */
  focus: () => void;
}

interface CodeBoxesProps {
  /** The code typed so far; position i is box i (a space marks an empty box). */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** The id of the element explaining the error (the red panel), read as each box's description while invalid. */
  errorId?: string;
  disabled?: boolean;
  ref?: Ref<CodeBoxesHandle>;
}

const LENGTH = VERIFICATION_CODE_LENGTH;

function toDigits(value: string): string[] {
  return Array.from({ length: LENGTH }, (_, i) => {
    const ch = value[i] ?? '';
    return /\d/.test(ch) ? ch : '';
  });
}

function fromDigits(digits: string[]): string {
  // Keep positions: an empty box in the middle stays a gap, so the code stays incomplete.
  return digits
    .map((d) => d || ' ')
    .join('')
    .trimEnd();
}

/**
 * Six single-character boxes: typing a digit moves to the next box, Backspace
 * on an empty box goes back, and pasting a code fills all six.
 */
export function CodeBoxes({ value, onChange, invalid, errorId, disabled, ref }: CodeBoxesProps) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = toDigits(value);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({
    focus: () => {
      const firstEmpty = toDigits(value).findIndex((d) => !d);
      focusBox(firstEmpty === -1 ? LENGTH - 1 : firstEmpty);
    },
  }));

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(fromDigits(next));
  };

  const handleInput = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (!typed) {
      setDigit(index, '');
      return;
    }
    if (typed.length > 1 && index === 0 && typed.length >= LENGTH) {
      // Autofill (one-time-code) puts the whole code into the first box.
      onChange(typed.slice(0, LENGTH));
      focusBox(LENGTH - 1);
      return;
    }
    // Typing into a filled box replaces its digit with the newest keystroke.
    setDigit(index, typed.slice(-1));
    if (index < LENGTH - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, LENGTH);
    if (!pasted) return;
    event.preventDefault();
    onChange(pasted);
    focusBox(pasted.length >= LENGTH ? LENGTH - 1 : pasted.length);
  };

  return (
    <HStack gap={{ base: 2, md: 3 }} role="group" aria-label="Verification code" justify="center">
      {digits.map((digit, index) => (
        <Input
          key={index}
          ref={(el) => {
            inputs.current[index] = el;
          }}
          value={digit}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
          aria-label={`Digit ${index + 1} of ${LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid && errorId ? errorId : undefined}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          inputMode="numeric"
          maxLength={index === 0 ? LENGTH : 2}
          disabled={disabled}
          textAlign="center"
          fontSize="xl"
          fontWeight="bold"
          w={{ base: 10, md: 12 }}
          h={{ base: 12, md: 14 }}
          px={0}
        />
      ))}
    </HStack>
  );
}
