import { LuSearch } from 'react-icons/lu';
import { Input, InputGroup } from '@campus/shared/ui';

/** How long typing must pause before a server-side search (orders, products) is sent. */
export const SEARCH_PAUSE_MS = 300;

/** A labelled search field with its icon (orders, products, customers). */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <InputGroup startElement={<LuSearch aria-hidden="true" />} flex="1" minW="48" maxW={{ md: 'md' }}>
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </InputGroup>
  );
}
