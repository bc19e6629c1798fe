import { APPS, API, readPorts } from '../../tooling/product.cjs';
import { PORTS, portEnvFromBase } from '../../tooling/ports.cjs';

describe('the ports (tooling/ports.cjs, the one place they are written)', () => {
  test('a run from a base: shell = base, the remotes base+1..6, the API base+1000, its Paystack sandbox base+1010', () => {
    expect(portEnvFromBase(5300)).toEqual({
      SHELL_PORT: '5300',
      AUTH_PORT: '5301',
      MARKETPLACE_PORT: '5302',
      CART_PORT: '5303',
      SELLER_PORT: '5304',
      MESSAGES_PORT: '5305',
      OPS_PORT: '5306',
      API_PORT: '6300',
      PAYSTACK_SANDBOX_PORT: '6310',
    });
    expect(() => portEnvFromBase(65000)).toThrow(/not a port base/);
  });

  test('the ports a run from a base sets are the ports every process then reads', () => {
    expect(readPorts(portEnvFromBase(5300))).toEqual({
      shell: 5300,
      remoteAuth: 5301,
      remoteMarketplace: 5302,
      remoteCart: 5303,
      remoteSeller: 5304,
      remoteMessages: 5305,
      remoteOps: 5306,
      api: 6300,
    });
    expect(readPorts({})).toEqual({
      shell: 3000,
      remoteAuth: 3001,
      remoteMarketplace: 3002,
      remoteCart: 3003,
      remoteSeller: 3004,
      remoteMessages: 3005,
      remoteOps: 3006,
      api: 4000,
    });
    expect(() => readPorts({ CART_PORT: 'x' })).toThrow('CART_PORT=x is not a port number');
  });

  test("the product's apps and API take their port variables from it", () => {
    for (const app of APPS) expect(app.portEnv).toBe(PORTS[app.name].env);
    expect(API.portEnv).toBe(PORTS.api.env);
  });
});
