/** /ops/disputes: the console's disputes section. */
import { MESSAGES } from '@campus/shared/messages';
import { DisputeDesk } from '../features/disputes/components/DisputeDesk';
import { OpsLayout } from './OpsLayout';

export default function DisputesPage() {
  return (
    <OpsLayout title={MESSAGES.opsConsole.navDisputes}>
      <DisputeDesk />
    </OpsLayout>
  );
}
