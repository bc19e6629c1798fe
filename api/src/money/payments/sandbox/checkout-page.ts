/**
 * The sandbox's stand-in for Paystack's hosted checkout page: Pay, Bank transfer instead,
 * Decline and Cancel, with no script (its policy, SANDBOX_PAGE_CSP, is set by the server).
 */
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { escapeHtml } from '../../../lib/html';
import type { SandboxTransaction } from './store';

const TEST_CARD = '4084 0840 8408 4081';

export function checkoutPage(t: SandboxTransaction): string {
  const naira = formatNaira(koboToDecimalString(t.amount));
  const done = t.status !== 'abandoned';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay ${naira} · Paystack sandbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a202c}main{max-width:26rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px #0002}h1{font-size:1.25rem;margin:0 0 .25rem}
label{display:block;font-weight:600;margin-top:1rem}input{width:100%;box-sizing:border-box;font:inherit;padding:.75rem;border:1px solid #718096;border-radius:8px}
button{display:block;width:100%;font:inherit;font-weight:600;padding:.85rem;margin-top:.75rem;border-radius:8px;border:2px solid transparent;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}.pay{background:#276749;color:#fff}.decline{background:#fff;border-color:#c53030;color:#9b2c2c}
.cancel{background:none;color:#2d3748;text-decoration:underline}.note{font-size:.875rem;color:#4a5568}</style></head>
<body><main><div class="card"><p class="note">Paystack sandbox: no real money moves.</p>
<h1>Pay ${naira}</h1><p>${escapeHtml(t.email)}</p>
${
  done
    ? `<p role="status">This payment is ${escapeHtml(t.status)}.</p>`
    : `<form method="post" action="/checkout/${encodeURIComponent(t.accessCode)}">
<label for="card">Card number (test card)</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="${TEST_CARD}">
<button class="pay" name="action" value="pay">Pay ${naira}</button>
<button class="pay" name="action" value="pay-transfer">Bank transfer of ${naira} instead</button>
<button class="decline" name="action" value="decline">Decline (card refused)</button>
<button class="cancel" name="action" value="cancel">Cancel payment</button></form>`
}
<p class="note">Reference ${escapeHtml(t.reference)}</p></div></main></body></html>`;
}
