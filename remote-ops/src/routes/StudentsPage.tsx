/** /ops/students: find an account; its orders, store, reports and sign-in history; suspend, restore, sign out everywhere. */
import { MESSAGES } from '@campus/shared/messages';
import { OpsLayout } from './OpsLayout';
import { StudentDesk } from '../features/students/components/StudentDesk';

export default function StudentsPage() {
  return (
    <OpsLayout title={MESSAGES.opsConsole.navStudents}>
      <StudentDesk />
    </OpsLayout>
  );
}
