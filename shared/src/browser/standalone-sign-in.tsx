/**
 * Only for a remote started alone: the shell and remote-auth are not there to
 * sign in with, so this small form does it (same API call, same session store).
 * Never part of the product; the shell never mounts it.
 */
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../messages';
import { login } from '../endpoints/accounts';
import { Box, Button, Field, Heading, Input, Stack, Text, ErrorPanel } from '@campus/shared/ui';
import { messageOr } from '@campus/shared/api-client';
import { call } from '@campus/shared/call';
import { sessionStore } from '@campus/shared/session';

export function StandaloneSignIn({ remoteName }: { remoteName: string }) {
  const [email, setEmail] = useState('buyer@campus.edu.ng');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const { data } = await call(login, { body: { email, password } }, { skipAuthRedirect: true });
      sessionStore.getState().signIn(data.token, data.user, data.refreshToken);
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.login.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box maxW="sm" mx="auto" mt="16" p="6" borderWidth="1px" borderRadius="lg">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <Heading size="md">{remoteName} started alone</Heading>
          <Text color="fg.muted">Sign in with a demo account to use this remote without the shell.</Text>
          {error ? <ErrorPanel message={error} /> : null}
          <Field.Root>
            <Field.Label>E-mail</Field.Label>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </Field.Root>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          </Field.Root>
          <Button type="submit" colorPalette="brand" disabled={sending}>
            {sending ? 'Signing in...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
