import { HStack, IconButton } from '@campus/shared/ui';
import { LuLayoutGrid, LuList } from 'react-icons/lu';

export type ViewMode = 'grid' | 'list';

/** Grid/list toggle: two pressed-state buttons, so screen readers hear which one is on. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <HStack gap="1" role="group" aria-label="Layout">
      <IconButton
        size="sm"
        variant={value === 'grid' ? 'solid' : 'outline'}
        colorPalette={value === 'grid' ? 'brand' : 'gray'}
        aria-label="Grid view"
        aria-pressed={value === 'grid'}
        onClick={() => onChange('grid')}
      >
        <LuLayoutGrid />
      </IconButton>
      <IconButton
        size="sm"
        variant={value === 'list' ? 'solid' : 'outline'}
        colorPalette={value === 'list' ? 'brand' : 'gray'}
        aria-label="List view"
        aria-pressed={value === 'list'}
        onClick={() => onChange('list')}
      >
        <LuList />
      </IconButton>
    </HStack>
  );
}
