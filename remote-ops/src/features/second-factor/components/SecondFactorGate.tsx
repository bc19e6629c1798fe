/**
 * What stands before every console screen: an operator who has not set up an authenticator
 * enrols (QR code, then a code, then the recovery codes, shown once); one whose check is
 * older than 15 minutes types a code again. The API refuses the console's calls until then.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageOr } from '@campus/shared/api-client';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { queryKeys } from '@campus/shared/query-keys';
import { totpCodeBodySchema } from '@campus/shared/schemas';
import { Box, Button, ErrorPanel, Heading, Image, PageSpinner, Stack, Text } from '@campus/shared/ui';
import { useConfirmEnrolment, useOperatorStatus, useStartEnrolment, useVerifySecondFactor } from '../api/use-second-factor';

const T = MESSAGES.opsConsole;

function CodeForm({ title, onCode, busy, error }: { title: string; onCode: (code: string) => void; busy: boolean; error: string | null }) {
  const form = useContractForm(totpCodeBodySchema, { defaultValues: { code: '' } });
  return (
    <FormStack onSubmit={(e) => void form.handleSubmit(({ code }) => onCode(code))(e)} label={title} maxW="xs">
      <TextField label={T.codeLabel} autoComplete="one-time-code" error={form.formState.errors.code?.message} {...form.register('code')} />
      {error ? (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <Button type="submit" loading={busy}>
        {T.confirm}
      </Button>
    </FormStack>
  );
}

function Enrol() {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const client = useQueryClient();
  const { mutate } = start;
  useEffect(() => mutate(), [mutate]);
  if (confirm.data) {
    return (
      <Stack gap="3">
        <Heading as="h2" size="md">
          {T.recoveryTitle}
        </Heading>
        <Text>{T.recoveryIntro}</Text>
        <Box as="ul" aria-label={T.recoveryTitle} fontFamily="mono">
          {confirm.data.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Button alignSelf="start" onClick={() => void client.invalidateQueries({ queryKey: queryKeys.ops.all() })}>
          {T.recoveryDone}
        </Button>
      </Stack>
    );
  }
  if (start.isError) return <ErrorPanel message={messageOr(start.error, T.loadFailed)} />;
  if (!start.data) return <PageSpinner label={T.enrolTitle} />;
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {T.enrolTitle}
      </Heading>
      <Text>{T.enrolIntro}</Text>
      <Image src={start.data.qrDataUrl} alt="QR code for your authenticator app" boxSize="48" />
      <Text>
        {T.enrolSecret}{' '}
        <Box as="code" data-testid="totp-secret">
          {start.data.secret}
        </Box>
      </Text>
      <CodeForm
        title={T.enrolTitle}
        onCode={(code) => confirm.mutate(code)}
        busy={confirm.isPending}
        error={confirm.isError ? messageOr(confirm.error, T.loadFailed) : null}
      />
    </Stack>
  );
}

function Verify() {
  const verify = useVerifySecondFactor();
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {T.verifyTitle}
      </Heading>
      <Text>{T.verifyIntro}</Text>
      <CodeForm
        title={T.verifyTitle}
        onCode={(code) => verify.mutate(code)}
        busy={verify.isPending}
        error={verify.isError ? messageOr(verify.error, T.loadFailed) : null}
      />
    </Stack>
  );
}

export function SecondFactorGate({ children }: { children: ReactNode }) {
  const status = useOperatorStatus();
  const [, setTick] = useState(0);
  // The check lapses after 15 minutes: the gate closes then without a reload.
  const until = status.data?.elevatedUntil ? new Date(status.data.elevatedUntil).getTime() : null;
  useEffect(() => {
    if (until === null) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, until - Date.now()) + 100);
    return () => clearTimeout(timer);
  }, [until]);
  if (status.isPending) return <PageSpinner label={T.title} />;
  if (status.isError) return <ErrorPanel message={messageOr(status.error, T.loadFailed)} />;
  if (!status.data.enrolled) return <Enrol />;
  if (until === null || until <= Date.now()) return <Verify />;
  return <Box data-testid="ops-content">{children}</Box>;
}
