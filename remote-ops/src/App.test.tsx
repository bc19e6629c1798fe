import { screen } from '@testing-library/react';
import { ops } from '@campus/shared/endpoints';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { fakeApi, renderWithProviders } from '@campus/shared/testing';
import OpsApp from './App';
import { OPS_SCREENS } from './routes';

const contract = REMOTES.remoteOps.screens;
const elevated = { enrolled: true, elevatedUntil: new Date(Date.now() + 10 * 60_000).toISOString() };

describe('ops remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(OPS_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it.each(contract.map((s) => [s.path, s.id] as const))('%s renders its screen', async (path) => {
    const api = fakeApi()
      .ok(ops.operatorStatus, elevated)
      .ok(ops.listReports, [])
      .ok(ops.listDisputes, [])
      .ok(ops.auditLog, [])
      .ok(ops.moneyQueue, {
        payments: [],
        payouts: [],
        refunds: [],
        reconciliation: { ledgerKobo: 0, inFlightKobo: 0, paystackKobo: 0, differenceKobo: 0, platformFeesKobo: 0, alerts: [] },
      });
    renderWithProviders(<OpsApp />, { route: sampleUrl(path), session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: /Operations console/ })).toBeInTheDocument();
    api.restore();
  });
});
