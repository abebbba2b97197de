/**
 * The test provider's checkout: a small self-contained page (no scripts, inline styles only)
 * that stands in for Paystack's when no secret key is configured. No real money moves.
 */
import { escapeHtml } from '../../http/html';

export const TEST_PAYMENT_LABEL = 'Test payment — no real money moves';

/** 150000 kobo in NGN → "NGN 1,500.00" (every currency we sell in has two decimals). */
export function formatMoney(minor: number, currency: string): string {
  const major = (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currency} ${major}`;
}

export interface CheckoutView {
  reference: string;
  name: string;
  description: string;
  amount: number;
  money_currency: string;
  grant_amount: number;
  grant_currency_type: 'regular' | 'premium';
  status: 'pending' | 'completed' | 'failed';
  callbackUrl: string;
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  /* Widths include padding: main's 24px on each side once pushed it 16px past a phone's edges. */
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px;
    background: #f1f3f5; color: #212529; }
  main { width: min(420px, 100%); min-width: 0; background: #fff; border-radius: 12px; padding: 20px;
    box-shadow: 0 8px 24px rgba(0,0,0,.08); overflow-wrap: anywhere; }
  .banner { background: #fff3bf; color: #5c3c00; border: 1px solid #ffd43b; border-radius: 8px;
    padding: 8px 12px; font-weight: 600; text-align: center; }
  h1 { font-size: 1.25rem; margin: 20px 0 4px; }
  p { margin: 4px 0; color: #495057; }
  .amount { font-size: 2rem; font-weight: 700; margin: 16px 0; color: #212529; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  form { flex: 1; margin: 0; }
  button { width: 100%; padding: 12px; border: 0; border-radius: 8px; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .pay { background: #2f9e44; color: #fff; }
  .fail { background: #e9ecef; color: #c92a2a; }
  .cancel { margin-top: 12px; background: transparent; color: inherit; text-decoration: underline; }
  button:focus-visible, a:focus-visible { outline: 3px solid #228be6; outline-offset: 2px; }
  small { display: block; margin-top: 16px; color: #868e96; word-break: break-all; }
  @media (prefers-color-scheme: dark) {
    body { background: #1a1b1e; color: #e9ecef; } main { background: #25262b; }
    p { color: #adb5bd; } .amount { color: #f8f9fa; } .fail { background: #373a40; color: #ff8787; }
  }`;

export function renderCheckoutPage(view: CheckoutView): string {
  const reference = encodeURIComponent(view.reference);
  const grant = `${view.grant_amount} ${view.grant_currency_type === 'premium' ? 'gems' : 'coins'}`;
  const body =
    view.status === 'pending'
      ? `<div class="actions">
      <form method="post" action="/payments/test-checkout/${reference}/pay"><button class="pay" type="submit">Pay</button></form>
      <form method="post" action="/payments/test-checkout/${reference}/fail"><button class="fail" type="submit">Fail</button></form>
    </div>
    <form method="post" action="/payments/test-checkout/${reference}/cancel"><button class="cancel" type="submit">Cancel and go back</button></form>`
      : `<p>This payment is already ${view.status}.</p>
    <p><a href="${escapeHtml(view.callbackUrl)}">Back to the shop</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(TEST_PAYMENT_LABEL)} · Spar</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <div class="banner" role="note">${escapeHtml(TEST_PAYMENT_LABEL)}</div>
    <h1>${escapeHtml(view.name)}</h1>
    <p>${escapeHtml(view.description)}</p>
    <p>You receive ${escapeHtml(grant)}.</p>
    <div class="amount">${escapeHtml(formatMoney(view.amount, view.money_currency))}</div>
    ${body}
    <small>Reference ${escapeHtml(view.reference)}</small>
  </main>
</body>
</html>`;
}
