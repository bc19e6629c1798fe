/** /ops: the console's reports section. */
import { MESSAGES } from '@campus/shared/messages';
import { ReportGroups } from '../features/reports/components/ReportGroups';
import { OpsLayout } from './OpsLayout';

export default function ReportsPage() {
  return (
    <OpsLayout title={MESSAGES.opsConsole.navReports}>
      <ReportGroups />
    </OpsLayout>
  );
}
