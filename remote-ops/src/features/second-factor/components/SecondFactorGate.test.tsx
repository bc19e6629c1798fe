import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ops } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { renderWithProviders, setUpFakeApi } from '@campus/shared/testing';
import { SecondFactorGate } from './SecondFactorGate';

const T = MESSAGES.opsConsole;
const state = setUpFakeApi();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function renderGate() {
  return renderWithProviders(
    <SecondFactorGate>
      <p>console content</p>
    </SecondFactorGate>,
    { session: 'user' },
  );
}

test('an operator not enrolled sees the QR code and key, confirms a code, then is shown the recovery codes once', async () => {
  state.api
    .ok(ops.operatorStatus, { enrolled: false, elevatedUntil: null })
    .ok(ops.startEnrolment, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:image/png;base64,AAAA' })
    .ok(ops.confirmEnrolment, { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'], elevatedUntil: inMinutes(15) });
  renderGate();
  expect(await screen.findByRole('heading', { name: T.enrolTitle })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
  expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
  await userEvent.type(screen.getByRole('textbox', { name: T.codeLabel }), '123456');
  await userEvent.click(screen.getByRole('button', { name: T.confirm }));
  expect(await screen.findByRole('heading', { name: T.recoveryTitle })).toBeInTheDocument();
  expect(screen.getByText('aaaaa-bbbbb')).toBeInTheDocument();
  expect(state.api.calls(ops.confirmEnrolment)[0]?.body).toEqual({ code: '123456' });
  expect(screen.queryByText('console content')).toBeNull();
});

test('an enrolled operator whose check lapsed types a code; a wrong one shows the API reason; the content waits', async () => {
  state.api.ok(ops.operatorStatus, { enrolled: true, elevatedUntil: null }).fail(ops.verifySecondFactor, 400, MESSAGES.ops.wrongCode);
  renderGate();
  expect(await screen.findByRole('heading', { name: T.verifyTitle })).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: T.codeLabel }), '000000');
  await userEvent.click(screen.getByRole('button', { name: T.confirm }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ops.wrongCode);
  expect(screen.queryByText('console content')).toBeNull();
});

test('a session checked in the last 15 minutes sees the console', async () => {
  state.api.ok(ops.operatorStatus, { enrolled: true, elevatedUntil: inMinutes(10) });
  renderGate();
  await waitFor(() => expect(screen.getByText('console content')).toBeInTheDocument());
});
