/** /ops/money: payments, payouts and refunds that need a person, and the reconciliation state. */
import { MESSAGES } from '@campus/shared/messages';
import { OpsLayout } from './OpsLayout';
import { MoneyQueue } from '../features/money/components/MoneyQueue';

export default function MoneyPage() {
  return (
    <OpsLayout title={MESSAGES.opsConsole.navMoney}>
      <MoneyQueue />
    </OpsLayout>
  );
}
