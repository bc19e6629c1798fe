/** /ops/audit: the console's audit section. */
import { MESSAGES } from '@campus/shared/messages';
import { AuditLog } from '../features/audit/components/AuditLog';
import { OpsLayout } from './OpsLayout';

export default function AuditPage() {
  return (
    <OpsLayout title={MESSAGES.opsConsole.navAudit}>
      <AuditLog />
    </OpsLayout>
  );
}
