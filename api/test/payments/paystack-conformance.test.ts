/**
 * The conformance sequence (npm run paystack:check): every step passes against
 * the sandbox, and a Paystack stand-in that answers as Paystack does not (an
 * unknown reference "found", an underscore taken) fails those steps by name.
 */
import Fastify from 'fastify';
import { PaystackClient } from '../../src/money/payments/paystack/client';
import { formatStepTable, runPaystackConformance } from '../../src/money/payments/paystack/conformance';
import { buildPaystackSandbox } from '../../src/money/payments/sandbox/server';

const KEY = 'sk_test_conformance_check';

test('every step passes against the sandbox, and the table names each', async () => {
  const sandbox = buildPaystackSandbox({
    secretKey: KEY,
    publicUrl: 'http://127.0.0.1',
    webhookUrl: 'http://127.0.0.1:9/webhook',
    stateFile: null,
    retryDelaysMs: [],
    logLevel: 'silent',
  });
  const baseUrl = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const results = await runPaystackConformance({
      client: new PaystackClient({ baseUrl, secretKey: KEY }),
      pay: (code) => sandbox.act(code, 'pay'),
    });
    expect(results.filter((r) => r.verdict !== 'ok')).toEqual([]);
    expect(results.map((r) => r.step)).toEqual(
      expect.arrayContaining([
        'verify an unknown reference',
        'initiate a transfer',
        'refund part of it',
        'list refunds of the transaction',
        'check balance',
      ]),
    );
    expect(formatStepTable(results).split('\n')).toHaveLength(results.length + 1);
  } finally {
    await sandbox.app.close();
  }
});

test('a stand-in that finds unknown references and takes any reference fails those steps', async () => {
  const fake = Fastify();
  fake.post('/transaction/initialize', async (request) => {
    const body = request.body as { reference: string };
    return {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: 'https://checkout.example/x', access_code: 'x', reference: body.reference },
    };
  });
  fake.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request) => ({
    status: true,
    message: 'Verification successful',
    data: { id: 1, status: 'abandoned', reference: request.params.reference, amount: 100_000, currency: 'NGN' },
  }));
  const baseUrl = await fake.listen({ port: 0, host: '127.0.0.1' });
  try {
    const results = await runPaystackConformance({ client: new PaystackClient({ baseUrl, secretKey: KEY }) });
    const failed = results.filter((r) => r.verdict === 'FAILED').map((r) => r.step);
    expect(failed).toEqual(
      expect.arrayContaining(['initialize with an underscore in the reference', 'initialize below ₦50', 'verify an unknown reference']),
    );
    expect(results.find((r) => r.step === 'initialize transaction')?.verdict).toBe('ok');
  } finally {
    await fake.close();
  }
});
