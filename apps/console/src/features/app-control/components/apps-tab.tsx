import { Flex } from 'antd';
import { AuditButton } from '../../audit';
import { AppControlList } from './app-control-list';

/** The "apps" tab of /platformsettings: notification-control apps and global-whitelist apps. */
export default function AppsTab() {
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <AuditButton area="apps" />
      </Flex>
      <AppControlList type={1} />
      <AppControlList type={2} />
    </Flex>
  );
}
