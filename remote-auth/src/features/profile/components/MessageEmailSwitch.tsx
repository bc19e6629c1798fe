import { messageOr } from '@campus/shared/api-client';
import { MESSAGES } from '@campus/shared/messages';
import { Button, Heading, Stack, Text, chakra } from '@campus/shared/ui';
import { ErrorPanel } from '../../../components/MessagePanel';
import { useMessageSettings, useUpdateMessageSettings } from '../api';

/**
 * A native checkbox with the switch role: keyboard (Space) and screen readers
 * ("switch, on") work as the platform makes them, and the kit needs no Switch
 * component on every page for this one control.
 */
const SwitchInput = chakra('input', {
  base: {
    appearance: 'none',
    flexShrink: 0,
    position: 'relative',
    w: '10',
    h: '6',
    mt: '0.5',
    borderRadius: 'full',
    // gray.500 on white is above the 3:1 that a control's outline needs (WCAG 1.4.11).
    bg: 'gray.500',
    cursor: 'pointer',
    transition: 'background 0.15s',
    _before: {
      content: '""',
      position: 'absolute',
      top: '1',
      left: '1',
      w: '4',
      h: '4',
      borderRadius: 'full',
      bg: 'white',
      transition: 'transform 0.15s',
    },
    _checked: { bg: 'brand.solid', _before: { transform: 'translateX(1rem)' } },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});

/**
 * Account tab: "E-mail me about unread messages" (an unread message older than
 * 15 minutes sends one e-mail per conversation). The switch moves at once and
 * goes back, with the reason, when the API refuses.
 */
export function MessageEmailSwitch() {
  const settings = useMessageSettings();
  const update = useUpdateMessageSettings();
  const saveError = update.isError ? messageOr(update.error, MESSAGES.messaging.settingsSaveFailed) : null;

  return (
    <Stack as="section" aria-labelledby="message-emails-title" gap={3}>
      <Heading as="h2" size="lg" id="message-emails-title">
        Messages
      </Heading>
      {settings.isError ? (
        <Stack gap={2}>
          <ErrorPanel message={MESSAGES.messaging.settingsLoadFailed} focusOnShow={false} />
          <Button alignSelf="flex-start" size="sm" variant="outline" onClick={() => void settings.refetch()} loading={settings.isFetching}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack gap={1}>
          <chakra.label display="flex" gap={3} alignItems="flex-start" cursor={settings.data ? 'pointer' : 'default'}>
            <SwitchInput
              type="checkbox"
              role="switch"
              checked={settings.data?.emailUnread ?? false}
              // Disabled only until the setting is known; while a change is on its way the switch keeps
              // its focus and ignores further presses (two changes in flight could undo each other).
              disabled={!settings.data}
              aria-busy={update.isPending}
              aria-describedby="message-emails-hint"
              onChange={(e) => {
                if (!update.isPending) update.mutate({ emailUnread: e.currentTarget.checked });
              }}
            />
            <Text as="span" fontWeight="medium">
              {MESSAGES.messaging.emailUnreadLabel}
            </Text>
          </chakra.label>
          <Text id="message-emails-hint" fontSize="sm" color="fg.muted" ps="3.25rem">
            {MESSAGES.messaging.emailUnreadHint}
          </Text>
        </Stack>
      )}
      <ErrorPanel message={saveError} focusOnShow={false} />
    </Stack>
  );
}
